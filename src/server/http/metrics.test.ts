import { Gauge } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics', () => {
  it("exposes the collectors a capability contributes, in the app's own registry", async () => {
    const contributed = new Gauge({
      name: 'portal_test_things',
      help: 'A capability-owned figure',
      registers: [],
      collect() {
        this.set(7);
      },
    });
    const metrics = createMetrics(
      { db: {} as never, dialect: 'sqlite', close: async () => {} },
      { openSockets: () => 2, draining: () => false, collectors: [contributed] },
    );
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_test_things 7');
    expect(text).toContain('portal_open_websockets 2');
    // The platform names no capability's figure itself.
    expect(text).not.toContain('portal_ledger_total');
  });
});
