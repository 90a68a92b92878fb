// One password hash at a time, for scryptPool.ts. Plain JavaScript: worker threads load files
// without the TypeScript loader the main thread runs under (tsx, Vitest).
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * Lowest priority. On Linux the nice value belongs to the thread, so hashing takes only the CPU
 * time the event loop leaves: requests keep being answered while sign-ins queue. Elsewhere
 * setPriority(0) would reach the whole process, so the worker keeps the default priority there.
 */
if (process.platform === 'linux') {
  try {
    setPriority(0, 19);
  } catch {
    // Not allowed here: hash at the default priority.
  }
}

parentPort?.on('message', ({ password, salt, keylen, options }) => {
  try {
    parentPort?.postMessage({ key: scryptSync(password, salt, keylen, options) });
  } catch (error) {
    parentPort?.postMessage({ error });
  }
});
