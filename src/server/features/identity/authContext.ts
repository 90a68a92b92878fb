import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Better Auth keeps its per-call state (endpoint, request, transaction) in AsyncLocalStorage. On
 * Node 20 one enabled storage makes the whole process run an async hook on every promise, for
 * good: measured here, isMaintenance went from 27 to 39 µs of CPU and getUserData from 56 to 76 µs
 * once any member had signed in. Only Better Auth's own calls need that context, so its storages
 * are switched on while one of its calls runs and off again shortly after the last one ends.
 */
class ScopedStorage<T> extends AsyncLocalStorage<T> {
  #running = 0;
  #idle: NodeJS.Timeout | null = null;
  readonly #settle = () => {
    if (--this.#running > 0 || this.#idle) return;
    this.#idle = setTimeout(() => {
      this.#idle = null;
      if (this.#running === 0) this.disable();
    }, IDLE_GRACE_MS);
    this.#idle.unref();
  };

  // biome-ignore lint/suspicious/noExplicitAny: AsyncLocalStorage's own signature.
  override run<R>(store: T, callback: (...args: any[]) => R, ...args: any[]): R {
    this.#running++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      this.#settle();
      throw error;
    }
    if (!(result instanceof Promise)) {
      this.#settle();
      return result;
    }
    // The caller gets a promise that settles the same way: a rejection it ignores is still reported.
    return result.finally(this.#settle) as R;
  }

  /** Whether the storage is switched on (the hooks cost every promise something). */
  get switchedOn(): boolean {
    return this.#running > 0 || this.#idle !== null;
  }
}

/**
 * How long a storage stays on after Better Auth's last call ends: work that call left behind still
 * finds its context (Better Auth awaits its own work unless told to run it in the background).
 */
const IDLE_GRACE_MS = 250;

/** Where Better Auth 1.x keeps its storages (`@better-auth/core/context`), created on first use. */
const STORAGE_KEYS = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'] as const;
const GLOBAL = Symbol.for('better-auth:global');
const holder = globalThis as unknown as Record<symbol, BetterAuthGlobal | undefined>;

interface BetterAuthGlobal {
  context: Partial<Record<(typeof STORAGE_KEYS)[number], AsyncLocalStorage<unknown>>>;
}

/**
 * Gives Better Auth storages that are on only while it runs. Called before its first call: Better
 * Auth creates a storage only where none exists. Idempotent; storages it already made stay as they are.
 */
export function scopeAuthContext(): void {
  // The shape Better Auth gives it when it comes first (it writes its version and raises the epoch).
  holder[GLOBAL] ??= { epoch: 0, context: {} } as BetterAuthGlobal;
  const { context } = holder[GLOBAL];
  for (const key of STORAGE_KEYS) context[key] ??= new ScopedStorage();
}

/** The names of Better Auth's storages that are on now, or not scoped at all (tests). */
export function authContextsSwitchedOn(): string[] {
  return Object.entries(holder[GLOBAL]?.context ?? {})
    .filter(([, value]) => value instanceof AsyncLocalStorage && !(value instanceof ScopedStorage && !value.switchedOn))
    .map(([key]) => key);
}
