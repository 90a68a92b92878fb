// One password hash at a time, for scryptPool.ts. Plain JavaScript: worker threads load files
// without the TypeScript loader the main thread runs under (tsx, Vitest).
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

/**
 * A low priority (nice 10: a tenth of a default thread's weight). On Linux the nice value belongs
 * to the thread, so hashing mostly takes the CPU time the event loop leaves: requests keep being
 * answered while sign-ins queue. Not 19: the process's share of the machine is spread over its
 * threads by weight, so the hashing threads would lose nearly all of theirs to other processes
 * whenever the event loop is busy. Elsewhere setPriority(0) would reach the whole process, so the
 * worker keeps the default priority there.
 */
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
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
