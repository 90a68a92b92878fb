import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index';
import { ledgerProblems } from '../support/ledgerAudit';

const dir = mkdtempSync(path.join(tmpdir(), 'rewards-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the burst child until it has acknowledged `count` grants, then SIGKILLs it. */
function burstThenKill(file: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/grantBurst.ts', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('burst:')) acknowledged.push(line);
      if (acknowledged.length >= count && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`burst child ended by itself (${signal ?? _code}): ${stderr}`));
    });
  });
}

describe('rewards ledger after a crash (SQLite file)', () => {
  it('keeps every acknowledged grant whole and leaves none half-granted', async () => {
    const file = path.join(dir, 'crash.db');
    const acknowledged = await burstThenKill(file, 150);
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const database = openDatabase(`file:${file}`);
    try {
      expect(await ledgerProblems(database.db)).toEqual([]);
      const keys = new Set(
        (await database.db.selectFrom('ledger').select('idem_key').execute()).map((row) => row.idem_key),
      );
      const lost = acknowledged.filter((key) => !keys.has(key) || !keys.has(`${key}#2`) || !keys.has(`${key}#3`));
      expect(lost).toEqual([]);
      const partial = [...keys].filter(
        (key) => /^burst:\d+$/.test(key) && !(keys.has(`${key}#2`) && keys.has(`${key}#3`)),
      );
      expect(partial).toEqual([]);
      // The kill landed mid-burst: grants ran on after the last key the test read.
      expect(keys.size).toBeGreaterThanOrEqual(acknowledged.length * 3);
    } finally {
      await database.close();
    }
  });
});
