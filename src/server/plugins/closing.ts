import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ClosingOptions {
  /** What closes with the app, in order, after the handlers finished (the database first). */
  resources: ReadonlyArray<() => Promise<unknown>>;
}

/**
 * When the app closes: handlers whose clients left still use the database, so they finish
 * (app.inFlight, plugins/inFlight.ts) before it closes.
 */
export const closeResources = fp(
  async (app: FastifyInstance, { resources }: ClosingOptions) => {
    const [first, ...rest] = resources;
    app.addHook('onClose', async () => {
      if (!(await app.inFlight.drained(10_000))) app.log.warn('closing the database with requests still running');
      await first?.();
    });
    for (const close of rest) app.addHook('onClose', async () => close());
  },
  { name: 'closing', dependencies: ['in-flight'] },
);
