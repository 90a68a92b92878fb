import type { FastifyInstance } from 'fastify';
import type { Job } from '../capability';

export interface RunningJobs {
  stop(): Promise<void>;
}

/**
 * Runs each job on its own timer until the app closes (onClose) or stop(). A job's runs never
 * overlap; a failed run is logged and retried on the next tick.
 */
export function startJobs(app: FastifyInstance, jobs: readonly Job[]): RunningJobs {
  let stopped = false;
  const running = jobs.map((job) => {
    let last: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      last = last.then(() =>
        stopped
          ? 0
          : job.run().catch((error: unknown) => app.log.warn({ err: error, job: job.name }, 'job failed; retrying')),
      );
    }, job.everyMs);
    timer.unref();
    return { timer, last: () => last };
  });
  const stop = async () => {
    stopped = true;
    for (const job of running) clearInterval(job.timer);
    await Promise.all(running.map((job) => job.last()));
  };
  app.addHook('onClose', stop);
  return { stop };
}
