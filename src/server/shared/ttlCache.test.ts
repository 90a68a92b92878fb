import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttlCache';

describe('ttlCache', () => {
  it('reads once within the ttl, shares one read between concurrent callers, and reads again after', async () => {
    let now = 0;
    let reads = 0;
    const cache = ttlCache(
      async () => ++reads,
      1000,
      () => now,
    );
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get()).toBe(1);
    now = 1000;
    expect(await cache.get()).toBe(2);
    cache.clear();
    expect(await cache.get()).toBe(3);
  });

  it('does not cache with a ttl of 0, nor a failed read', async () => {
    let reads = 0;
    const plain = ttlCache(async () => ++reads, 0);
    await plain.get();
    await plain.get();
    expect(reads).toBe(2);
    let fail = true;
    const flaky = ttlCache(async () => {
      if (fail) throw new Error('down');
      return 'ok';
    }, 1000);
    await expect(flaky.get()).rejects.toThrow('down');
    fail = false;
    expect(await flaky.get()).toBe('ok');
  });
});
