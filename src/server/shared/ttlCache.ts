/**
 * Remembers the last value of an async read for `ttlMs`. For hot, rarely changing reads
 * (maintenance state, flags) that every page load asks for; a change made by another process
 * (the operator CLI, another instance) is seen within `ttlMs`.
 */
export function ttlCache<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let value: T | undefined;
  let expires = 0;
  let pending: Promise<T> | null = null;
  const cache = {
    /** The remembered value while it is fresh, without waiting (hot synchronous paths). */
    peek(): T | undefined {
      return ttlMs > 0 && value !== undefined && now() < expires ? value : undefined;
    },
    async get(): Promise<T> {
      if (ttlMs <= 0) return read();
      if (value !== undefined && now() < expires) return value;
      // One read at a time: a burst of callers shares it.
      pending ??= read().then(
        (fresh) => {
          value = fresh;
          expires = now() + ttlMs;
          pending = null;
          return fresh;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    clear(): void {
      value = undefined;
      expires = 0;
    },
  };
  live.add(new WeakRef(cache));
  return cache;
}

/** Every cache made in this process, so a settings change heard on the bus drops them all. */
const live = new Set<WeakRef<{ clear(): void }>>();

/** Forgets every cached value in this process (shared/settingsBus.ts): the next read goes to the database. */
export function clearAllTtlCaches(): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else live.delete(ref);
  }
}
