/**
 * Import boundaries (DESIGN.md §11), checked in `npm run check`:
 * - src/protocol imports nothing of web or server (it is the shared contract, no I/O);
 * - src/web never imports src/server, and src/server never imports src/web;
 * - a feature folder (src/web/features/X, src/server/features/X) never imports another feature.
 * Biome's restricted-import patterns cannot express the last rule for relative paths, hence this script.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve('src');
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** 'web' | 'server' | 'protocol' and the feature name, for a file under src/. */
function place(file: string): { side: string; feature?: string } {
  const [side = '', group, feature] = path.relative(root, file).split(path.sep);
  return { side, feature: group === 'features' && feature && !feature.includes('.') ? feature : undefined };
}

const problems: string[] = [];
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const from = place(file);
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1] ?? match[2] ?? '';
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(root)) continue;
    const to = place(target);
    const where = `${path.relative('.', file)} imports ${spec}`;
    if (from.side === 'protocol' && to.side !== 'protocol')
      problems.push(`${where}: protocol must stay free of web and server code`);
    if ((from.side === 'web' && to.side === 'server') || (from.side === 'server' && to.side === 'web')) {
      problems.push(`${where}: web and server meet only in src/protocol`);
    }
    if (from.feature && to.feature && from.side === to.side && from.feature !== to.feature) {
      problems.push(`${where}: features never import each other; move the shared part down (protocol, ui, core, db)`);
    }
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries hold.');
