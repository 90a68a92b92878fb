import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../capability';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import { releaseLeases, takeLease } from './lease';

export interface RunningJobs {
  /** Stops the timers, waits for runs in progress, then gives up this instance's leases. Idempotent. */
  stop(): Promise<void>;
}

/** What startJobs reports for metrics (shared/metrics.ts). */
export interface JobObserver {
  ran(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void;
  /** Milliseconds the tick started after it was due (timer lag: a busy event loop). */
  lag(job: string, ms: number): void;
}

export interface JobRunner {
  db: PlatformDb;
  /** This instance's name on the leases (the bus's instance id). */
  holder: string;
  log: FastifyBaseLogger;
  /** Lease length of a leader-only job (jobLeaseMs). */
  leaseMs(job: Job): number;
  now(): number;
  observer?: JobObserver;
}

/**
 * How long a leader's lease lasts: long enough to outlast a slow tick (three ticks at least);
 * a leader that dies without releasing it is replaced within this time.
 */
export function jobLeaseMs(config: Pick<Config, 'jobLeaseMs'>, everyMs: number): number {
  return Math.max(config.jobLeaseMs, everyMs * 3);
}

/**
 * Runs each job on its own timer until stop(). A job's runs never overlap; a failed run is
 * logged and retried on the next tick. A leader-only job (`leader: true`) runs on one instance
 * at a time: each tick first takes or renews the job's lease (shared/lease.ts) and skips when
 * another live instance holds it.
 */
export function startJobs(runner: JobRunner, jobs: readonly Job[]): RunningJobs {
  let stopped = false;
  let stopping: Promise<void> | null = null;
  const running = jobs.map((job) => {
    let last: Promise<unknown> = Promise.resolve();
    let due = runner.now() + job.everyMs;
    const tick = async () => {
      if (stopped) return;
      const started = runner.now();
      runner.observer?.lag(job.name, Math.max(0, started - due));
      due = started + job.everyMs;
      try {
        if (job.leader) {
          const lease = { name: job.name, holder: runner.holder, now: started, ttlMs: runner.leaseMs(job) };
          if (!(await takeLease(runner.db, lease))) {
            runner.observer?.ran(job.name, 'skipped', 0);
            return;
          }
        }
        await job.run();
        runner.observer?.ran(job.name, 'ok', (runner.now() - started) / 1000);
      } catch (error) {
        runner.observer?.ran(job.name, 'failed', (runner.now() - started) / 1000);
        runner.log.warn({ err: error, job: job.name }, 'job failed; retrying');
      }
    };
    const timer = setInterval(() => {
      last = last.then(tick);
    }, job.everyMs);
    timer.unref();
    return { timer, last: () => last };
  });
  const stop = () => {
    stopping ??= (async () => {
      stopped = true;
      for (const job of running) clearInterval(job.timer);
      await Promise.all(running.map((job) => job.last()));
      if (!jobs.some((job) => job.leader)) return;
      try {
        const released = await releaseLeases(runner.db, runner.holder);
        if (released > 0) runner.log.info({ released }, 'released the job leases');
      } catch (error) {
        runner.log.warn({ err: error }, 'could not release the job leases; they expire on their own');
      }
    })();
    return stopping;
  };
  return { stop };
}
