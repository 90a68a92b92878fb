import type { FastifyInstance } from 'fastify';

/**
 * Counts route handlers still running, whether or not their client is still there: a client that
 * gave up (a load test's deadline, a closed tab) leaves work behind that must finish before the
 * database closes. Register before any route.
 */
export interface InFlight {
  /** Resolves true once no handler runs, false when timeoutMs passed first. */
  drained(timeoutMs: number): Promise<boolean>;
}

export function trackInFlight(app: FastifyInstance): InFlight {
  let running = 0;
  let idle: Array<() => void> = [];
  const finished = () => {
    running--;
    if (running === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    // Not an async wrapper: on the hot path each extra promise costs (one .then here instead).
    route.handler = function tracked(this: FastifyInstance, ...args: Parameters<typeof handler>) {
      running++;
      let result: unknown;
      try {
        result = handler.apply(this, args);
      } catch (error) {
        finished();
        throw error;
      }
      if (result instanceof Promise) result.then(finished, finished);
      else finished();
      return result as ReturnType<typeof handler>;
    };
  });
  return {
    drained(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
