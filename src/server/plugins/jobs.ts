import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../capability';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import type { Clock } from '../shared/clock';
import { type JobObserver, jobLeaseMs, type RunningJobs, startJobs } from '../shared/jobs';

export interface JobsOptions {
  config: Pick<Config, 'jobLeaseMs'>;
  db: PlatformDb;
  /** This instance, as the holder of leader-only jobs' leases. */
  holder: string;
  log: FastifyBaseLogger;
  clock: Clock;
  observer: JobObserver;
  jobs: readonly Job[];
}

/** Starts every capability's job on its timer (leader-only ones behind their lease), once; main.ts calls it. */
export function jobRunner(options: JobsOptions): { start(): RunningJobs; running(): RunningJobs | null } {
  let running: RunningJobs | null = null;
  return {
    start() {
      running ??= startJobs(
        {
          db: options.db,
          holder: options.holder,
          log: options.log,
          leaseMs: (job) => jobLeaseMs(options.config, job.everyMs),
          now: () => options.clock.now(),
          observer: options.observer,
        },
        options.jobs,
      );
      return running;
    },
    running: () => running,
  };
}
