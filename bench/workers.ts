import { Worker } from 'node:worker_threads';

/**
 * Starts a TypeScript module in a worker thread. `--import tsx` does not reach workers on
 * Node 20, so each worker registers tsx's loader itself before importing the module.
 */
export function tsWorker(module: URL, workerData: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** The next message from a worker that satisfies `match` (rejects if the worker fails first). */
export function nextMessage<T>(worker: Worker, match: (message: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: T) => {
      if (!match(message)) return;
      cleanup();
      resolve(message);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
  });
}
