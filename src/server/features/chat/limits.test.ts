import { describe, expect, it } from 'vitest';
import { AUTO_SLOW_CALM_MS, ChannelPulse, cooldownMs, remainingCooldown, TokenBuckets } from './limits';

describe('chat rate limit (token buckets)', () => {
  it('allows a burst, then one per refill interval, per key', () => {
    const buckets = new TokenBuckets();
    for (let i = 0; i < 3; i++) expect(buckets.take('a', 0, 3, 1000)).toEqual({ ok: true });
    expect(buckets.take('a', 0, 3, 1000)).toEqual({ ok: false, retryAfterMs: 1000 });
    expect(buckets.take('b', 0, 3, 1000)).toEqual({ ok: true });
    expect(buckets.take('a', 600, 3, 1000)).toEqual({ ok: false, retryAfterMs: 400 });
    expect(buckets.take('a', 1000, 3, 1000)).toEqual({ ok: true });
    expect(buckets.take('a', 1000, 3, 1000).ok).toBe(false);
    // Refills never exceed the burst.
    for (let i = 0; i < 3; i++) expect(buckets.take('a', 60_000, 3, 1000).ok).toBe(true);
    expect(buckets.take('a', 60_000, 3, 1000).ok).toBe(false);
  });

  it('forgets full buckets when it holds too many keys', () => {
    const buckets = new TokenBuckets(2);
    buckets.take('a', 0, 2, 1000);
    buckets.take('b', 0, 2, 1000);
    buckets.take('c', 5000, 2, 1000);
    expect(buckets.take('c', 5000, 2, 1000).ok).toBe(true);
    expect(buckets.take('c', 5000, 2, 1000).ok).toBe(false);
  });
});

describe('automatic slow mode (channel pulse)', () => {
  it('turns on at the threshold within 10 s and off after a calm half minute', () => {
    const pulse = new ChannelPulse();
    for (let i = 0; i < 4; i++) expect(pulse.record(i * 1000, 5)).toBe(false);
    expect(pulse.record(9_000, 5)).toBe(true);
    expect(pulse.autoSlow).toBe(true);
    expect(pulse.record(9_500, 5)).toBe(false);
    expect(pulse.settle(20_000, 5)).toBe(false);
    expect(pulse.settle(9_000 + AUTO_SLOW_CALM_MS, 5)).toBe(true);
    expect(pulse.autoSlow).toBe(false);
  });

  it('stays on while the channel stays busy, and never turns on with threshold 0', () => {
    const pulse = new ChannelPulse();
    let now = 0;
    for (; now < 60_000; now += 1000) pulse.record(now, 5);
    expect(pulse.settle(now, 5)).toBe(false);
    expect(pulse.autoSlow).toBe(true);
    expect(pulse.settle(now, 0)).toBe(true);
    const quiet = new ChannelPulse();
    for (let i = 0; i < 100; i++) expect(quiet.record(i, 0)).toBe(false);
  });

  it('combines the operator’s and the automatic cooldown, and measures what is left', () => {
    expect(cooldownMs(0, false, 5000)).toBe(0);
    expect(cooldownMs(0, true, 5000)).toBe(5000);
    expect(cooldownMs(30_000, true, 5000)).toBe(30_000);
    expect(remainingCooldown(null, 5000, 10)).toBe(0);
    expect(remainingCooldown(1000, 5000, 4000)).toBe(2000);
    expect(remainingCooldown(1000, 5000, 7000)).toBe(0);
    expect(remainingCooldown(1000, 0, 1000)).toBe(0);
  });
});
