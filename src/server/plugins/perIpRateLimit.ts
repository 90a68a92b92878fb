import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, errorMessage } from '../../protocol/errors';
import type { Config } from '../config';
import { rateLimitStore } from '../shared/redis';

export interface PerIpRateLimitOptions {
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'rateLimitPerMinute'>;
  /** Paths under /api/ that are not counted (exactly, without a query): reads answered from memory. */
  uncounted?: readonly string[];
}

/**
 * Requests per IP and minute under /api/ (RATE_LIMIT_PER_MINUTE), refused with RATE_LIMITED and
 * Retry-After. With Redis the counters are shared by every instance (else each counts its own).
 * On the root (fastify-plugin): a route opts out with `config: { rateLimit: false }`, a path of the
 * actions' route by being `uncounted`.
 */
export const perIpRateLimit = fp(
  async (app: FastifyInstance, { config, uncounted = [] }: PerIpRateLimitOptions) => {
    const notCounted = new Set(uncounted);
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
      allowList: (req) => !req.url.startsWith('/api/') || notCounted.has(req.url),
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
