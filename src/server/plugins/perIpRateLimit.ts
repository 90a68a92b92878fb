import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import type { Config } from '../config';
import { rateLimitStore } from '../shared/redis';

/**
 * Requests per IP and minute under /api/ (RATE_LIMIT_PER_MINUTE), refused with RATE_LIMITED and
 * Retry-After. With Redis the counters are shared by every instance (else each counts its own).
 * On the root (fastify-plugin): a route opts out with `config: { rateLimit: false }`.
 */
export const perIpRateLimit = fp(
  async (
    app: FastifyInstance,
    { config }: { config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'rateLimitPerMinute'> },
  ) => {
    const limitStore = rateLimitStore(config);
    if (limitStore)
      app.addHook('onClose', async () =>
        limitStore.quit().then(
          () => {},
          () => {},
        ),
      );
    await app.register(fastifyRateLimit, {
      global: true,
      ...(limitStore ? { redis: limitStore, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (req) => !req.url.startsWith('/api/'),
      // The counters are announced only on a refusal (with Retry-After), not on every answer.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        iErrorCode: ErrorCode.RATE_LIMITED,
        sMessage: errorMessage(ErrorCode.RATE_LIMITED),
        retryAfterMs: context.ttl,
      }),
    });
  },
  { name: 'per-ip-rate-limit' },
);
