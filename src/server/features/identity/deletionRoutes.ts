import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { AppContext } from '../../capability';
import { addRouteHook } from '../../http/routeHook';
import { erasureSteps, isErased, runErasures } from './deletion';
import type { IdentityTables } from './tables';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Routes of account deletion (issue 30): an account being erased cannot sign in (its password is
 * still there until identity's own step); and, outside production, the browser tests run the
 * erasure "as if" at a given instant (POST /api/dev/erasures {iAt}), from this machine only.
 */
export function registerDeletionRoutes(app: FastifyInstance, ctx: AppContext<IdentityTables>): void {
  addRouteHook(app, '/api/auth/*', 'preHandler', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (req.method !== 'POST' || !req.url.startsWith('/api/auth/sign-in/email')) return done();
    const email = (req.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string') return done();
    ctx.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst()
      .then(async (user) => {
        if (!user || !(await isErased(ctx.db, user.id))) return done();
        const sMessage = errorMessage(ErrorCode.ACCOUNT_DELETED);
        reply
          .code(403)
          .send({ code: 'ACCOUNT_DELETED', message: sMessage, iErrorCode: ErrorCode.ACCOUNT_DELETED, sMessage });
      }, done);
  });

  if (ctx.config.isProduction) return;
  app.post('/api/dev/erasures', async (req, reply) => {
    if (!LOOPBACK.has(req.ip) || req.headers['x-forwarded-for'] !== undefined) {
      return reply.code(403).send({ iErrorCode: ErrorCode.FORBIDDEN, sMessage: errorMessage(ErrorCode.FORBIDDEN) });
    }
    const at = Number((req.body as { iAt?: unknown } | undefined)?.iAt);
    if (!Number.isFinite(at) || at <= 0)
      return { iErrorCode: ErrorCode.BAD_INPUT, sMessage: 'iAt: an epoch ms instant' };
    return { iErrorCode: ErrorCode.OK, aErased: await runErasures(ctx, erasureSteps(ctx), at) };
  });
}
