import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type InFlight, trackInFlight } from '../http/inFlight';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route handlers still running: closing and shutdown wait for them (http/inFlight.ts). */
    inFlight: InFlight;
  }
}

/** Counts every route's running handlers; on the root (fastify-plugin), before any route. */
export const inFlight = fp(
  async (app: FastifyInstance) => {
    app.decorate('inFlight', trackInFlight(app));
  },
  { name: 'in-flight' },
);
