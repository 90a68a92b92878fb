import { Redis } from 'ioredis';
import type { Config } from '../config';

/**
 * The Redis connection that holds @fastify/rate-limit's per-IP counters, so every instance counts
 * the same window; none without REDIS_URL (each instance then counts its own in memory). A Redis
 * outage never fails a request: commands fail fast and the limiter lets the request through.
 */
export function rateLimitStore(config: Pick<Config, 'redisUrl' | 'redisPrefix'>): Redis | null {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, {
    connectionName: `${config.redisPrefix}:ratelimit`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
  });
  redis.on('error', () => {});
  return redis;
}
