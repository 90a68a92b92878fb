import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { listOutbox } from '../../mail/index';

/** GET /api/dev/outbox: mail stored by the dev outbox, newest last. Never registered in production. */
export function registerDevOutbox(app: FastifyInstance, deps: Deps): void {
  app.get('/api/dev/outbox', async () => ({ iErrorCode: 0, aMail: await listOutbox(deps.db) }));
}
