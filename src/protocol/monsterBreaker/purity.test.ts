import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);
const simulationFiles = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('monster breaker source purity', () => {
  it('has the simulation files', () => {
    expect(simulationFiles).toEqual(expect.arrayContaining(['step.ts', 'hash.ts', 'inputLog.ts', 'autopilot.ts']));
  });

  it.each(simulationFiles)('%s uses no float maths, randomness, clock or I/O', (file) => {
    const code = withoutComments(readFileSync(path.join(dir, file), 'utf8'));
    expect(code).not.toMatch(/Math\.(random|sin|cos|tan|sqrt|atan2?|pow|exp|log|hypot|cbrt|fround)\b|parseFloat/);
    expect(code).not.toMatch(/\bDate\b|performance\.|crypto|process\.|\bBuffer\b/);
    expect(code).not.toMatch(/from '(?!\.\/)/);
    if (file !== 'fixtures.ts') expect(code).not.toMatch(/(?<![\w.'"])\d+\.\d+(?![\w'"])/);
  });
});
