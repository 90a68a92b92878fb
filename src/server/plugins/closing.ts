import type { FastifyInstance } from 'fastify';

export interface ClosingOptions {
  /** Route handlers still running (http/inFlight.ts): they use the database, so they finish first. */
  inFlight: { drained(timeoutMs: number): Promise<boolean> };
  /** What closes with the app, in order, after the handlers finished (the database first). */
  resources: ReadonlyArray<() => Promise<unknown>>;
}

/** When the app closes: handlers whose clients left still use the database, so they finish before it closes. */
export function closeResources(app: FastifyInstance, { inFlight, resources }: ClosingOptions): void {
  const [first, ...rest] = resources;
  app.addHook('onClose', async () => {
    if (!(await inFlight.drained(10_000))) app.log.warn('closing the database with requests still running');
    await first?.();
  });
  for (const close of rest) app.addHook('onClose', async () => close());
}
