import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ErrorCode } from '../../protocol/errors';
import type { Config } from '../config';
import { requestLogger } from '../http/requestLogger';

/**
 * The Fastify instance: JSON logs with request ids (ids unique across instances and restarts,
 * cheaper than a UUID per request, or the caller's X-Request-Id), body limit, proxy trust, and
 * malformed URLs answered in the protocol's shape like everything else under /api.
 */
export function createServer(config: Config): FastifyInstance {
  const requestIdPrefix = randomBytes(6).toString('base64url');
  let requests = 0;
  return Fastify({
    logger: loggerOptions(config),
    childLoggerFactory: requestLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : `${requestIdPrefix}-${++requests}`;
    },
    trustProxy: config.trustProxy,
    keepAliveTimeout: config.keepAliveTimeoutMs ?? 72_000,
    bodyLimit: 64 * 1024,
    frameworkErrors: (error, _req, reply) => {
      const answer = reply as unknown as FastifyReply;
      answer.code(error.statusCode ?? 400).send({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: error.message });
    },
  });
}

/** JSON lines with request ids (production, tests); readable coloured lines in development (pino-pretty). */
function loggerOptions(config: Config) {
  if (config.logFormat === 'pretty') {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel };
}
