import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { PlatformDb } from '../db/schema';
import type { Bus } from '../shared/bus';

export interface HealthOptions {
  config: Pick<Config, 'version'>;
  db: PlatformDb;
  bus: Pick<Bus, 'kind' | 'connected' | 'instanceId'>;
}

/** GET /healthz (liveness: the process and its database answer) and /readyz (send traffic here); outside the per-IP limit. */
export const health = fp(
  async (app: FastifyInstance, { config, db, bus }: HealthOptions) => {
    const databaseReachable = async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    };
    app.get('/healthz', async (_req, reply) => {
      if (await databaseReachable()) return { ok: true, version: config.version };
      return reply.code(503).send({ ok: false, version: config.version });
    });
    // Database and Redis reachable, not shutting down.
    app.get('/readyz', async (_req, reply) => {
      const checks = {
        database: await databaseReachable(),
        redis: bus.kind === 'memory' ? true : bus.connected(),
        // Shutdown began (plugins/shutdown.ts): the balancer stops sending traffic.
        draining: app.draining(),
      };
      const ok = checks.database && checks.redis && !checks.draining;
      return reply.code(ok ? 200 : 503).send({ ok, version: config.version, instance: bus.instanceId, ...checks });
    });
  },
  { name: 'health', encapsulate: true, dependencies: ['graceful-shutdown'] },
);
