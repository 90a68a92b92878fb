import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Runs a burst child (tests/support/<script>) on a SQLite file until it has printed `count`
 * acknowledged keys (lines starting with `burst:`), then SIGKILLs it: a crash mid-write.
 * Answers the keys it acknowledged before dying.
 */
export function burstThenKill(script: string, file: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `tests/support/${script}`, file], {
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
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`burst child ended by itself (${signal ?? code}): ${stderr}`));
    });
  });
}
