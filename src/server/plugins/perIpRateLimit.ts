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
 * On the root (fastify-plugin): every path under /api/ is counted, unknown ones too, except the
 * `uncounted` paths of the actions' route. The library's limiter runs behind a synchronous hook that
 * lets those and every other path by at once: its own per-route hook is async and worked out the
 * client's address before asking its allow-list, on every request (issue 40).
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
      global: false,
      ...(limitStore ? { redis: limitStore, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      // The counters are announced only on a refusal (with Retry-After), not on every answer.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: (_req, context) => ({
        statusCode: 429,
        iErrorCode: ErrorCode.RATE_LIMITED,
        sMessage: errorMessage(ErrorCode.RATE_LIMITED),
        retryAfterMs: context.ttl,
      }),
    });
    const limit = app.rateLimit();
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/api/') || notCounted.has(req.url)) return done();
      limit.call(app, req, reply).then(() => done(), done);
    });
  },
  { name: 'per-ip-rate-limit' },
);
