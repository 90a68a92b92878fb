import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Runtime } from '../capability';

/**
 * Every capability's own routes and hooks (Runtime.routes: the chat socket, Better Auth's routes
 * and identity's guards, the dev outbox), in the capabilities' order. On the root
 * (fastify-plugin): identity's guards and chat's preClose hold for the whole app.
 */
export const capabilityRoutes = fp(
  async (app: FastifyInstance, { runtimes }: { runtimes: readonly Runtime[] }) => {
    for (const runtime of runtimes) await runtime.routes?.(app);
  },
  { name: 'capability-routes', dependencies: ['in-flight', 'bodies', 'error-answers'] },
);
