import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job } from '../capability';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import type { Clock } from '../shared/clock';
import { type JobObserver, jobLeaseMs, type RunningJobs, startJobs } from '../shared/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every capability's background jobs: started once by main.ts, stopped by the shutdown. */
    jobs: { start(): RunningJobs; running(): RunningJobs | null };
  }
}

export interface JobsOptions {
  config: Pick<Config, 'jobLeaseMs'>;
  db: PlatformDb;
  /** This instance, as the holder of leader-only jobs' leases. */
  holder: string;
  clock: Clock;
  observer: JobObserver;
  jobs: readonly Job[];
}

/** Starts every capability's job on its timer (leader-only ones behind their lease), once; main.ts calls it. */
export const jobRunner = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    let running: RunningJobs | null = null;
    app.decorate('jobs', {
      start() {
        running ??= startJobs(
          {
            db: options.db,
            holder: options.holder,
            log: app.log,
            leaseMs: (job) => jobLeaseMs(options.config, job.everyMs),
            now: () => options.clock.now(),
            observer: options.observer,
          },
          options.jobs,
        );
        return running;
      },
      running: () => running,
    });
  },
  { name: 'jobs' },
);
