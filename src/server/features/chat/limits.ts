/**
 * The pure safety rules of docs/product.md §14: a per-member rate limit (a burst, then a steady
 * rate) and the automatic slow mode of a busy channel. No I/O: the hub feeds them the clock.
 */

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number };

/** Token buckets by key: `burst` tokens at most, one more every `refillMs`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  /** Takes a token for `key` if there is one. */
  take(key: string, now: number, burst: number, refillMs: number): Verdict {
    const bucket = this.level(key, now, burst, refillMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(key, bucket);
      if (this.buckets.size > this.maxKeys) this.prune(now, burst, refillMs);
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil((1 - bucket.tokens) * refillMs) };
  }

  private level(key: string, now: number, burst: number, refillMs: number) {
    const stored = this.buckets.get(key);
    if (!stored) return { tokens: burst, at: now };
    const refilled = refillMs <= 0 ? burst : stored.tokens + Math.max(0, now - stored.at) / refillMs;
    return { tokens: Math.min(burst, refilled), at: now };
  }

  /** A full bucket is the same as none: forget those. */
  private prune(now: number, burst: number, refillMs: number): void {
    for (const key of [...this.buckets.keys()]) {
      if (this.level(key, now, burst, refillMs).tokens >= burst) this.buckets.delete(key);
    }
  }
}

/** Messages within this window are counted against the threshold. */
export const AUTO_SLOW_WINDOW_MS = 10_000;
/** Automatic slow mode stays on at least this long, and goes off once this long was calm. */
export const AUTO_SLOW_CALM_MS = 30_000;

/**
 * One channel's pulse: when its messages arrived lately, and whether automatic slow mode is on.
 * On: `threshold` messages within AUTO_SLOW_WINDOW_MS. Off again: after at least AUTO_SLOW_CALM_MS
 * on, when the last AUTO_SLOW_CALM_MS held fewer than `threshold` messages (a third of the rate).
 */
export class ChannelPulse {
  private times: number[] = [];
  private head = 0;
  private onSince: number | null = null;

  get autoSlow(): boolean {
    return this.onSince !== null;
  }

  /** Records a message; answers true when that switched automatic slow mode on. */
  record(now: number, threshold: number): boolean {
    this.times.push(now);
    this.forget(now);
    if (this.onSince !== null || threshold <= 0) return false;
    if (this.countSince(now - AUTO_SLOW_WINDOW_MS) < threshold) return false;
    this.onSince = now;
    return true;
  }

  /** Checks whether the channel calmed down (or the threshold was switched off); true when that switched it off. */
  settle(now: number, threshold: number): boolean {
    this.forget(now);
    if (this.onSince === null) return false;
    const calm =
      threshold <= 0 ||
      (now - this.onSince >= AUTO_SLOW_CALM_MS && this.countSince(now - AUTO_SLOW_CALM_MS) < threshold);
    if (!calm) return false;
    this.onSince = null;
    return true;
  }

  private countSince(from: number): number {
    let count = 0;
    for (let i = this.times.length - 1; i >= this.head && (this.times[i] as number) > from; i--) count++;
    return count;
  }

  private forget(now: number): void {
    const from = now - AUTO_SLOW_CALM_MS;
    while (this.head < this.times.length && (this.times[this.head] as number) <= from) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

/** The cooldown in force in a channel: the operator's slow mode, or the automatic one when longer. */
export function cooldownMs(operatorSlowMs: number, autoSlow: boolean, autoSlowMs: number): number {
  return Math.max(operatorSlowMs, autoSlow ? autoSlowMs : 0);
}

/** What is left of a member's cooldown after their last message (0: may send). */
export function remainingCooldown(lastSentAt: number | null, cooldown: number, now: number): number {
  if (cooldown <= 0 || lastSentAt === null) return 0;
  return Math.max(0, lastSentAt + cooldown - now);
}
