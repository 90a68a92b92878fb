import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/server/capability';
import { startJobs } from '../../src/server/shared/jobs';
import { listLeases, releaseLeases, takeLease } from '../../src/server/shared/lease';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDb, DIALECTS } from '../support/db';

const REDIS_URL = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What several instances share: the job lease, readiness, metrics; on Redis, the per-IP limit. */
describe.each(DIALECTS)('platform at scale on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { metricsToken: 'metrics-token-0123456789' } });
  });
  afterAll(async () => t?.close());

  it('gives a lease to one holder, renews it for that holder, hands it over after expiry or release', async () => {
    const db = t.deps.db;
    const lease = (holder: string, now: number) => takeLease(db, { name: 'unit', holder, now, ttlMs: 1000 });
    expect(await lease('a', 0)).toBe(true);
    expect(await lease('b', 500)).toBe(false);
    expect(await lease('a', 900)).toBe(true); // renewed until 1900
    expect(await lease('b', 1800)).toBe(false);
    expect(await lease('b', 1900)).toBe(true); // a stopped renewing: b takes over
    expect(await lease('a', 2000)).toBe(false);
    expect(await releaseLeases(db, 'b')).toBe(1);
    expect(await lease('a', 2001)).toBe(true); // released: no wait for the expiry
    expect((await listLeases(db)).map((l) => [l.name, l.holder])).toEqual([['unit', 'a']]);
    await releaseLeases(db, 'a');
  });

  it('runs a leader-only job on one of two instances, then on the other once the leader stops', async () => {
    const runs: string[] = [];
    const job = (who: string): Job => ({
      name: 'unit.leader',
      everyMs: 40,
      leader: true,
      run: async () => {
        runs.push(who);
      },
    });
    const runner = (holder: string) => ({
      db: t.deps.db,
      holder,
      log: t.app.log,
      leaseMs: () => 60_000,
      now: Date.now,
    });
    const one = startJobs(runner('one'), [job('one')]);
    const two = startJobs(runner('two'), [job('two')]);
    await sleep(400);
    expect(runs.length).toBeGreaterThan(3);
    expect(new Set(runs).size).toBe(1);
    const leader = runs[0] as string;
    const [stopFirst, other] = leader === 'one' ? [one, two] : [two, one];
    await stopFirst.stop(); // releases its lease: the other takes over at its next tick
    runs.length = 0;
    await sleep(300);
    expect(runs.length).toBeGreaterThan(2);
    expect(new Set(runs)).toEqual(new Set([leader === 'one' ? 'two' : 'one']));
    await other.stop();
    expect(await listLeases(t.deps.db)).toEqual([]);
  });

  it('answers /readyz and /healthz, and /metrics only with its token', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ok: true, database: true, redis: true, draining: false });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await t.call('getFlags');
    await t.call('noSuchAction');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toMatch(/portal_request_duration_seconds_count\{action="portal\/getFlags",status="200"\} 1/);
    expect(text).toMatch(/portal_request_duration_seconds_count\{action="unknown action",status="200"\} 1/);
    expect(text).toMatch(/portal_action_answers_total\{action="portal\/getFlags",code="0"\} 1/);
    expect(text).toContain('portal_open_websockets 0');
    expect(text).toContain('portal_ledger_total');
    if (dialect === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
  });

  it('hides /metrics (404) when no token is configured', async () => {
    const bare = await createTestApp(dialect);
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('answers 503 on /readyz while it shuts down, finishes requests in flight and releases its leases', async () => {
    const own = await createTestApp(dialect);
    const holder = own.deps.bus.instanceId;
    expect(await takeLease(own.deps.db, { name: 'x', holder, now: Date.now(), ttlMs: 60_000 })).toBe(true);
    own.app.get('/slow', async () => {
      await sleep(300);
      return { done: true };
    });
    const slow = own.app.inject({ method: 'GET', url: '/slow' });
    await sleep(50);
    const closing = (own.shutdown as () => Promise<void>)();
    await sleep(20);
    const ready = await own.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ok: false, draining: true });
    // Given up after the jobs stop: one statement, which a loaded machine may not end within 20 ms.
    await vi.waitFor(async () => expect(await listLeases(own.deps.db)).toEqual([]), { timeout: 5_000, interval: 20 });
    expect((await slow).json()).toEqual({ done: true });
    await closing;
  });
});

describe.runIf(REDIS_URL)('per-IP rate limit on Redis', () => {
  it('counts one window across two instances', async () => {
    const db = await createTestDb('sqlite');
    const prefix = `t${Date.now().toString(36)}`;
    const env = { REDIS_URL: REDIS_URL as string, REDIS_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '5' };
    const a = await createTestApp('sqlite', { env, database: db });
    const b = await createTestApp('sqlite', { env, database: { ...db, drop: async () => {} } });
    try {
      await sleep(500); // both limiters reach Redis (until then a request passes uncounted)
      const statuses: number[] = [];
      const post = (app: typeof a.app, url: string) => app.inject({ method: 'POST', url });
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        // The settings reads between are not counted: without them the limit would end at 3.
        expect((await post(app, '/api/portal/getFlags')).statusCode).toBe(200);
        expect((await post(app, '/api/portal/isMaintenance')).statusCode).toBe(200);
        statuses.push((await post(app, '/api/portal/getCollections')).statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      // A query string makes it another path, which is counted like any other call.
      expect((await post(a.app, '/api/portal/getFlags?again=1')).statusCode).toBe(429);
      // An unknown path under /api/ is counted too; nothing outside /api/ is.
      expect((await post(a.app, '/api/no/such')).statusCode).toBe(429);
      expect((await a.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await b.app.close();
      await a.close();
    }
  });
});
