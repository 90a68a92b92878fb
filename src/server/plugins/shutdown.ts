import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import { releaseLeases } from '../shared/lease';

export interface ShutdownOptions {
  config: Pick<Config, 'shutdownGraceMs'>;
  db: PlatformDb;
  /** This instance, whose job leases are given up. */
  holder: string;
  inFlight: { drained(timeoutMs: number): Promise<boolean> };
  /** Marks the instance as draining (/readyz answers 503 from then on). */
  drain(): void;
  /** Stops the running jobs, if they were started. */
  stopJobs(): Promise<void>;
}

/**
 * Graceful shutdown (SIGTERM), once however often called: /readyz answers 503 at once, the jobs
 * stop and give up their leases, requests in flight finish (up to config.shutdownGraceMs), then
 * the app closes (WebSockets with 1012 in preClose, then the listener and the database).
 */
export function gracefulShutdown(app: FastifyInstance, options: ShutdownOptions): () => Promise<void> {
  let shuttingDown: Promise<void> | null = null;
  return () => {
    shuttingDown ??= (async () => {
      options.drain();
      await options.stopJobs();
      await releaseLeases(options.db, options.holder).catch(() => 0);
      if (!(await options.inFlight.drained(options.config.shutdownGraceMs)))
        app.log.warn('shutting down with requests still running');
      await app.close();
    })();
    return shuttingDown;
  };
}
