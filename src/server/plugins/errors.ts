import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorMessage } from '../../protocol/errors';

/**
 * The database went away under the request (a PostgreSQL restart or failover, a dropped
 * connection): PostgreSQL's "admin shutdown", "crash shutdown", "cannot connect now" and connection
 * exceptions (class 08), or the socket refused, reset or closed (decision 0215).
 */
export function databaseAway(error: unknown, depth = 0): boolean {
  const { code, message, cause } = (error ?? {}) as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (['57P01', '57P02', '57P03'].includes(code) || code.startsWith('08'))) return true;
  if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code)) return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|connection (is )?closed|the database system is|not queryable|timeout exceeded when trying to connect/i.test(
      message,
    )
  )
    return true;
  // A library's own error around the driver's (Better Auth, Kysely): the cause says why.
  return depth < 3 && cause !== undefined && databaseAway(cause, depth + 1);
}

/**
 * Failures in the protocol's shape: a 500 logs and says INTERNAL, a refused rate passes through, bad
 * input says why. A database that went away answers 503 with Retry-After (the request did nothing:
 * its transaction never committed), so a member's retry, and HAProxy's view of it, say "try again".
 * The root's error handler (fastify-plugin): every route answers failures this way.
 */
export const errorAnswers = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500 && databaseAway(error)) {
        req.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ iErrorCode: ErrorCode.INTERNAL, sMessage: errorMessage(ErrorCode.INTERNAL) });
      }
      if (status >= 500) {
        req.log.error({ err: error }, 'request failed');
        return reply.code(500).send({ iErrorCode: ErrorCode.INTERNAL, sMessage: errorMessage(ErrorCode.INTERNAL) });
      }
      if (status === 429) return reply.code(429).send(error);
      return reply.code(status).send({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: error.message });
    });
  },
  { name: 'error-answers' },
);
