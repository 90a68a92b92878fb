import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { AnyDb, PlatformDb } from '../db/schema';
import type { Clock } from './clock';

/**
 * Rate limits counted in the database, so every server instance shares them. Each limit is a token
 * bucket kept as one number per subject (GCRA, the generic cell rate algorithm): `max` hits at once,
 * then one more every windowMs/max. Unlike a fixed window it has no edge to straddle: `max` hits
 * just before a minute turns leave none for just after it, and any stretch of time d holds at most
 * max + d·max/windowMs hits. A burst is forgotten one window after it (the bucket is full again).
 * One atomic upsert per hit (INSERT … ON CONFLICT DO UPDATE … RETURNING), on both dialects.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface LimitVerdict {
  limited: boolean;
  /** Milliseconds until the next hit would be let through (0 when this one was). */
  retryAfterMs: number;
}

const PRUNE_EVERY_MS = 60_000;
const lastPruned = new WeakMap<object, number>();

/** Subjects (emails, IPs) are hashed: fixed-length keys and no personal data in the table. */
function counterKey(name: string, subject: string): string {
  const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32);
  return `${name}:${digest}`;
}

const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/** Counts one hit of `subject` against `limit`; limited when the bucket has no hit left. */
export async function hitRateLimit(
  db: PlatformDb,
  hit: { name: string; subject: string; limit: Limit; now: number },
): Promise<LimitVerdict> {
  const { name, subject, limit, now } = hit;
  if (limit.max < 1) return { limited: true, retryAfterMs: limit.windowMs };
  // Microseconds, so that windowMs/max stays exact enough for any max a config gives.
  const nowUs = Math.round(now * 1000);
  const windowUs = Math.round(limit.windowMs * 1000);
  const emissionUs = Math.max(1, Math.floor(windowUs / limit.max));
  const slackUs = windowUs - emissionUs;
  await pruneExpired(db, now);
  // `tat` is when the bucket is full again; a hit fits while that is at most one window less one hit away.
  // A hit leaves tat at most one window ahead. Two windows ahead can only come from a clock that went
  // back far (a test's, an operator's): start afresh. Instances a little out of step count stricter.
  const lead = sql<number>`case when rate_limit.tat > ${big(nowUs)} and rate_limit.tat <= ${big(nowUs + 2 * windowUs)} then rate_limit.tat else ${big(nowUs)} end`;
  const fits = sql<boolean>`${lead} - ${big(nowUs)} <= ${big(slackUs)}`;
  const row = await db
    .insertInto('rate_limit')
    .values({
      key: counterKey(name, subject),
      tat: nowUs + emissionUs,
      allowed: 1,
      expires_at: Math.ceil((nowUs + emissionUs) / 1000),
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        tat: sql<number>`case when ${fits} then ${lead} + ${big(emissionUs)} else rate_limit.tat end`,
        allowed: sql<number>`case when ${fits} then 1 else 0 end`,
        expires_at: sql<number>`case when ${fits} then (${lead} + ${big(emissionUs + 999)}) / 1000 else rate_limit.expires_at end`,
      }),
    )
    .returning(['tat', 'allowed'])
    .executeTakeFirstOrThrow();
  if (Number(row.allowed) === 1) return { limited: false, retryAfterMs: 0 };
  return { limited: true, retryAfterMs: Math.ceil((Number(row.tat) - nowUs - slackUs) / 1000) };
}

/** Deletes full buckets (nothing to remember), at most once a minute per database handle. */
async function pruneExpired(db: PlatformDb, now: number): Promise<void> {
  const last = lastPruned.get(db) ?? Number.NEGATIVE_INFINITY;
  if (now - last < PRUNE_EVERY_MS && now >= last) return;
  lastPruned.set(db, now);
  await db.deleteFrom('rate_limit').where('expires_at', '<=', now).execute();
}

/** What a capability's limits need: the database, the clock and the operator's overrides. */
export interface LimitContext {
  db: AnyDb;
  clock: Clock;
  config: Pick<Config, 'rateLimits' | 'rateLimitScale'>;
}

/** One named limit to count, and whose count (an IP, an email); an empty subject is skipped. */
export type LimitCheck<N extends string = string> = readonly [N, string | undefined];

/** A capability's limit as configured: Config.rateLimits overrides it by name, else its default scaled by Config.rateLimitScale. */
function configuredLimit<N extends string>(config: LimitContext['config'], defaults: Record<N, Limit>, name: N): Limit {
  const override = config.rateLimits?.[name];
  if (override) return override;
  const { max, windowMs } = defaults[name];
  return { max: Math.ceil(max * config.rateLimitScale), windowMs };
}

/** Counts the checks in order and stops at the first one over its limit; null when none is. */
export async function firstOverLimit<N extends string>(
  ctx: LimitContext,
  defaults: Record<N, Limit>,
  checks: ReadonlyArray<LimitCheck<N>>,
): Promise<LimitVerdict | null> {
  const now = ctx.clock.now();
  for (const [name, subject] of checks) {
    if (!subject) continue;
    const verdict = await hitRateLimit(ctx.db, {
      name,
      subject,
      limit: configuredLimit(ctx.config, defaults, name),
      now,
    });
    if (verdict.limited) return verdict;
  }
  return null;
}
