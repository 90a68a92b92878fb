import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import { releaseLeases } from '../shared/lease';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown (SIGTERM), once however often called. */
    shutdown(): Promise<void>;
    /** True once shutdown began: /readyz answers 503 and the metrics say so. */
    draining(): boolean;
  }
}

export interface ShutdownOptions {
  config: Pick<Config, 'shutdownGraceMs'>;
  db: PlatformDb;
  /** This instance, whose job leases are given up. */
  holder: string;
  /** Told when draining begins (the instance's figures). */
  onDrain(): void;
}

/**
 * Graceful shutdown (SIGTERM), once however often called: /readyz answers 503 at once, the jobs
 * stop and give up their leases, requests in flight finish (up to config.shutdownGraceMs), then
 * the app closes (WebSockets with 1012 in preClose, then the listener and the database).
 */
export const gracefulShutdown = fp(
  async (app: FastifyInstance, options: ShutdownOptions) => {
    let shuttingDown: Promise<void> | null = null;
    app.decorate('draining', () => shuttingDown !== null);
    app.decorate('shutdown', () => {
      shuttingDown ??= (async () => {
        options.onDrain();
        await app.jobs.running()?.stop();
        await releaseLeases(options.db, options.holder).catch(() => 0);
        if (!(await app.inFlight.drained(options.config.shutdownGraceMs)))
          app.log.warn('shutting down with requests still running');
        await app.close();
      })();
      return shuttingDown;
    });
  },
  { name: 'graceful-shutdown', dependencies: ['in-flight', 'jobs'] },
);
