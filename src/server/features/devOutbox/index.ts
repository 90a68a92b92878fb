import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../protocol/errors';
import type { Capability } from '../../capability';
import { fail } from '../../http/actions';
import { listOutbox } from '../../mail/index';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Only this machine may read the outbox: it holds every account's sign-in and reset links. */
function fromThisMachine(req: FastifyRequest): boolean {
  return LOOPBACK.has(req.ip) && req.headers['x-forwarded-for'] === undefined;
}

/**
 * The dev outbox: in development (and tests), mail is stored instead of sent (mail/index.ts) and
 * listed at GET /api/dev/outbox, newest last, for the /dev/mailbox page and the browser tests, to
 * loopback clients only. Never in production.
 */
export const devOutbox: Capability = {
  name: 'devOutbox',
  uses: [],
  start: (ctx) => ({
    routes(app) {
      if (ctx.config.isProduction) return;
      app.get('/api/dev/outbox', async (req, reply) => {
        if (!fromThisMachine(req)) return reply.code(403).send(fail(ErrorCode.FORBIDDEN));
        return { iErrorCode: 0, aMail: await listOutbox(ctx.db) };
      });
    },
  }),
};
