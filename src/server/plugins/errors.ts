import type { FastifyInstance } from 'fastify';
import { ErrorCode, errorMessage } from '../../protocol/errors';

/** Failures in the protocol's shape: a 500 logs and says INTERNAL, a refused rate passes through, bad input says why. */
export function errorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ iErrorCode: ErrorCode.INTERNAL, sMessage: errorMessage(ErrorCode.INTERNAL) });
    }
    if (status === 429) return reply.code(429).send(error);
    return reply.code(status).send({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: error.message });
  });
}
