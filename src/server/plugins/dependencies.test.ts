import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeResources } from './closing';
import { inFlight } from './inFlight';

/** Decision 0234: each plugin names what must be registered before it, and Fastify holds it to that. */
describe('the app plugins’ declared dependencies', () => {
  it('refuse a plugin registered before what it depends on', async () => {
    const app = Fastify({ logger: false });
    app.register(closeResources, { resources: [] });
    await expect(app.ready()).rejects.toThrow(/in-flight/);
  });

  it('start once the dependency came first, and decorate the root', async () => {
    const app = Fastify({ logger: false });
    await app.register(inFlight);
    await app.register(closeResources, { resources: [] });
    await app.ready();
    expect(await app.inFlight.drained(10)).toBe(true);
    await app.close();
  });
});
