import { createHash } from 'node:crypto';
import type { PlatformDb } from '../db/schema';

/**
 * Fixed-window rate limits counted in the database, so every server instance shares them.
 * One atomic upsert per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING), on both dialects.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface LimitVerdict {
  limited: boolean;
  /** Milliseconds until the current window ends. */
  retryAfterMs: number;
}

const PRUNE_EVERY_MS = 60_000;
const lastPruned = new WeakMap<object, number>();

/** Subjects (emails, IPs) are hashed: fixed-length keys and no personal data in the table. */
function counterKey(name: string, subject: string): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32);
  return `${name}:${digest}`;
}

/** Counts one hit of `subject` against `limit`; limited once the window's count passes limit.max. */
export async function hitRateLimit(
  db: PlatformDb,
  hit: { name: string; subject: string; limit: Limit; now: number },
): Promise<LimitVerdict> {
  const { name, subject, limit, now } = hit;
  const windowStart = now - (now % limit.windowMs);
  const expiresAt = windowStart + limit.windowMs;
  await pruneExpired(db, now);
  const row = await db
    .insertInto('rate_limit')
    .values({ key: counterKey(name, subject), window_start: windowStart, count: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limit.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return { limited: Number(row.count) > limit.max, retryAfterMs: expiresAt - now };
}

/** Deletes finished windows, at most once a minute per database handle. */
async function pruneExpired(db: PlatformDb, now: number): Promise<void> {
  const last = lastPruned.get(db) ?? Number.NEGATIVE_INFINITY;
  if (now - last < PRUNE_EVERY_MS && now >= last) return;
  lastPruned.set(db, now);
  await db.deleteFrom('rate_limit').where('expires_at', '<=', now).execute();
}
