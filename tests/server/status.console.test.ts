import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { HOUR_MS } from '../../src/protocol/status';
import { InstanceBoard, MISSED_INTERVALS } from '../../src/server/features/status/snapshots';
import type { InstanceFigures } from '../../src/server/http/instanceFigures';
import { type Bus, createBus } from '../../src/server/shared/bus';
import { instanceProbe } from '../../src/server/shared/instance';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { createTestDb, DIALECTS, type TestDb } from '../support/db';
import { consoleCall, enrolledOperator } from '../support/operators';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

/**
 * Issue 29, the console's status page: instances gathered across instances (Redis, or heartbeat
 * rows without it) and leaving after three missed intervals; the pulse's buckets on both
 * dialects; the jobs with their leader and last run; every role reads it.
 */
const INTERVAL_MS = 1000;
const NOW = Date.UTC(2026, 0, 5, 12, 30);
const at = (h: number, m = 0, day = 5) => Date.UTC(2026, 0, day, h, m);

/** Another instance's board, with figures of its own (as its app's metrics would give them). */
function otherInstance(db: TestDb, bus: Bus, clock: { now(): number }, figures: Partial<InstanceFigures> = {}) {
  const probe = instanceProbe(clock.now() - 60_000);
  probe.attach({
    figures: async () => ({
      openSockets: 3,
      draining: false,
      requestsPerSecond: 12.5,
      errorRate: 0.01,
      p95Ms: 42,
      eventLoopDelayMs: 11,
      dbPool: null,
      jobRuns: [{ job: 'mint', at: Date.now() + 60_000, durationMs: 20, lagMs: 3, outcome: 'ok' }],
      ...figures,
    }),
  });
  return new InstanceBoard({
    db: db.db,
    bus,
    clock,
    config: { version: 'other-1', statusIntervalMs: INTERVAL_MS },
    instance: probe,
  });
}

describe.each(DIALECTS)('the status page on %s', (dialect) => {
  const clock = testClock(NOW);
  let t: TestApp;
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: ROOMY_LIMITS },
      env: { STATUS_INTERVAL_MS: String(INTERVAL_MS), MINT_INTERVAL_MS: '100', RAFFLE_INTERVAL_MS: '100' },
    });
    viewer = (await enrolledOperator(t, 'viewer@status.example', 'viewer')).token;
  });
  afterAll(() => closeTestApp(t));

  it('shows a viewer this instance with its figures, and refuses anyone without a console session', async () => {
    const answer = await consoleCall(t, 'statusInstances', {}, viewer);
    expect(answer).toMatchObject({ iErrorCode: 0, sTransport: 'database', iIntervalMs: INTERVAL_MS });
    const [self] = answer.aInstances as Array<Record<string, unknown>>;
    expect(self).toMatchObject({
      sInstanceID: t.deps.bus.instanceId,
      sVersion: t.config.version,
      sState: 'ready',
      bThisInstance: true,
      iOpenSockets: 0,
      aLeases: [],
    });
    // The requests of the enrolment and this call went through the metrics.
    expect(self?.fRequestsPerSecond).toBeGreaterThan(0);
    expect(self?.fP95Ms).toBeGreaterThan(0);
    expect((await consoleCall(t, 'statusInstances', {})).iErrorCode).toBe(ErrorCode.CONSOLE_NOT_OPERATOR);
    expect((await consoleCall(t, 'statusPulse', { sRange: '1y' }, viewer)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
  });

  it('lists every job with its leader and last run, and the mint queue', async () => {
    const running = (t.startJobs as NonNullable<TestApp['startJobs']>)();
    try {
      let jobs: Array<Record<string, unknown>> = [];
      for (let i = 0; i < 100; i++) {
        const answer = await consoleCall(t, 'statusJobs', {}, viewer);
        expect(answer.iErrorCode).toBe(0);
        expect(answer.iMintQueue).toEqual(expect.any(Number));
        jobs = answer.aJobs as typeof jobs;
        const mint = jobs.find((j) => j.sName === 'mint');
        if (mint?.pLastRun && mint.sLeader) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const names = jobs.map((j) => j.sName);
      expect(names).toEqual(expect.arrayContaining(['mail.retry', 'mint', 'raffle', 'status']));
      expect(jobs.find((j) => j.sName === 'mint')).toMatchObject({
        bLeaderOnly: true,
        sLeader: t.deps.bus.instanceId,
        iEveryMs: 100,
        pLastRun: { sOutcome: 'ok', sInstanceID: t.deps.bus.instanceId, iDurationMs: expect.any(Number) },
      });
      expect(jobs.find((j) => j.sName === 'status')).toMatchObject({ bLeaderOnly: false, sLeader: null });
      const self = (
        (await consoleCall(t, 'statusInstances', {}, viewer)).aInstances as Array<{ aLeases: string[] }>
      )[0];
      expect(self?.aLeases).toEqual(expect.arrayContaining(['mint', 'raffle']));
    } finally {
      await running.stop();
    }
  });

  it('gathers a second instance through its heartbeat row, which leaves after three intervals', async () => {
    const other = otherInstance(t.db, createBus(), clock);
    await other.publish();
    const two = await consoleCall(t, 'statusInstances', {}, viewer);
    const rows = two.aInstances as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.bThisInstance)).toEqual([true, false]);
    expect(rows[1]).toMatchObject({
      sInstanceID: other.instanceId,
      sVersion: 'other-1',
      fRequestsPerSecond: 12.5,
      fP95Ms: 42,
      iOpenSockets: 3,
      iUptimeMs: 60_000,
    });
    const jobs = await consoleCall(t, 'statusJobs', {}, viewer);
    // Its mint run is the latest any instance reported.
    expect((jobs.aJobs as Array<Record<string, unknown>>).find((j) => j.sName === 'mint')).toMatchObject({
      pLastRun: { sInstanceID: other.instanceId, iLagMs: 3 },
    });

    clock.advance(INTERVAL_MS * MISSED_INTERVALS - 1);
    expect((await consoleCall(t, 'statusInstances', {}, viewer)).aInstances).toHaveLength(2);
    clock.advance(2);
    const one = await consoleCall(t, 'statusInstances', {}, viewer);
    expect((one.aInstances as Array<{ sInstanceID: string }>).map((r) => r.sInstanceID)).toEqual([
      t.deps.bus.instanceId,
    ]);
    // Its row is gone too, once this instance published again (the status job).
    await t.deps
      .jobList()
      .find((j) => j.name === 'status')
      ?.run();
    const left = await t.db.db.selectFrom('status_instance').select('instance_id').execute();
    expect(left.map((r) => r.instance_id)).toEqual([t.deps.bus.instanceId]);
    clock.set(NOW);
  });

  it('counts the pulse in hour and day buckets from what each capability keeps', async () => {
    const pulse = async (sRange: string, sBucket?: string) => {
      const answer = await consoleCall(t, 'statusPulse', { sRange, ...(sBucket ? { sBucket } : {}) }, viewer);
      expect(answer.iErrorCode).toBe(0);
      const buckets = answer.aBuckets as number[];
      const series = answer.aSeries as Array<{ sKey: string; aValues: number[] }>;
      const value = (key: string, bucket: number) => {
        const index = buckets.indexOf(bucket);
        expect(index, `bucket ${new Date(bucket).toISOString()} in ${sRange}`).toBeGreaterThanOrEqual(0);
        return series.find((s) => s.sKey === key)?.aValues[index] ?? Number.NaN;
      };
      return { answer, buckets, value };
    };
    const before = { hour: await pulse('24h'), day: await pulse('7d') };

    const db = t.db.db;
    const member = (id: string, created: number) =>
      db
        .insertInto('member')
        .values({
          user_id: id,
          username: id,
          username_lower: id,
          referral_code: `r${id}`,
          subscribe: 0,
          invite_code: null,
          referred_by_code: null,
          referred_by_user_id: null,
          verified_at: null,
          created_at: created,
        })
        .execute();
    await member('pulse_a', at(10, 15));
    await member('pulse_b', at(10, 45));
    await member('pulse_c', at(12, 5));
    await member('pulse_d', at(9, 0, 2));
    await member('pulse_e', at(9, 0, 1) - 40 * 24 * HOUR_MS);
    const line = (user: string, asset: 'points' | 'tickets', amount: number, reason: string, created: number) =>
      db
        .insertInto('ledger')
        .values({
          user_id: user,
          asset,
          amount,
          item_id: null,
          idem_key: `${user}-${reason}-${created}-${asset}`,
          reason,
          created_at: created,
        })
        .execute();
    await line('pulse_a', 'points', 10, 'daily login reward day 1', at(10, 16));
    await line('pulse_a', 'tickets', 1, 'daily login reward day 1', at(10, 16));
    await line('pulse_b', 'points', -30, 'store purchase', at(10, 20));
    await line('pulse_a', 'points', -5, 'store purchase', at(10, 50));
    const purchase = (key: string, code: number, created: number) =>
      db
        .insertInto('store_purchase')
        .values({
          user_id: 'pulse_a',
          client_key: key,
          item_id: 'x',
          quantity: 1,
          error_code: code,
          answer: '{}',
          created_at: created,
        })
        .execute();
    await purchase('pulse-1', 0, at(10, 20));
    await purchase('pulse-2', 0, at(10, 50));
    await purchase('pulse-3', 27, at(10, 51));
    const raffle = await db
      .insertInto('raffle')
      .values({
        title: 'Pulse',
        status: 'cancelled',
        opens_at: at(11),
        closes_at: at(13),
        entrant_salt: 'salt',
        entrant_count: 0,
        ticket_total: 0,
        beacon: 0,
        created_by: 'test',
        created_at: at(11),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('raffle_entry')
      .values({
        raffle_id: raffle.id,
        user_id: 'pulse_a',
        entrant_id: 'e',
        tickets: 2,
        created_at: at(11, 10),
        updated_at: at(11, 10),
      })
      .execute();
    const channel = await db.selectFrom('chat_channel').select('id').executeTakeFirstOrThrow();
    for (const n of [1, 2, 3])
      await db
        .insertInto('chat_message')
        .values({
          channel_id: channel.id,
          user_id: 'pulse_a',
          body: 'hi',
          item_id: null,
          mentions: '[]',
          nonce: `pulse-${n}`,
          created_at: at(12, n),
          changed_at: at(12, n),
        })
        .execute();
    const run = (status: string, started: number, finished: number | null) =>
      db
        .insertInto('game_run')
        .values({
          game_id: 'monster-breaker',
          user_id: 'pulse_a',
          guest_id: null,
          key_hash: `k${started}${status}`,
          seed: 1,
          config: '{}',
          status,
          ticks: 0,
          score: 0,
          level: 1,
          state_hash: 'h',
          refused_code: null,
          refused_reason: null,
          new_best: 0,
          agent_granted: 0,
          started_at: started,
          updated_at: finished ?? started,
          finished_at: finished,
        })
        .execute();
    await run('won', at(11, 5), at(11, 30));
    await run('lost', at(11, 40), at(12, 10));

    const hour = await pulse('24h');
    expect(hour.answer.sBucket).toBe('hour');
    expect(hour.buckets).toHaveLength(24);
    expect(hour.buckets.at(-1)).toBe(at(12));
    const grew = (key: string, bucket: number) => hour.value(key, bucket) - before.hour.value(key, bucket);
    expect(grew('signUps', at(10))).toBe(2);
    expect(grew('signUps', at(12))).toBe(1);
    expect(grew('activeMembers', at(10))).toBe(2);
    expect(grew('dailyRewards', at(10))).toBe(1);
    expect(grew('pointsSpent', at(10))).toBe(35);
    expect(grew('purchases', at(10))).toBe(2);
    expect(grew('raffleEntries', at(11))).toBe(1);
    expect(grew('chatMessages', at(12))).toBe(3);
    expect(grew('gameRuns', at(11))).toBe(2);
    expect(grew('verifiedWins', at(11))).toBe(1);
    expect(grew('verifiedWins', at(12))).toBe(0);

    const day = await pulse('7d');
    expect(day.answer.sBucket).toBe('day');
    expect(day.buckets).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => Date.UTC(2025, 11, 29 + n)));
    expect(day.value('signUps', at(0, 0, 5)) - before.day.value('signUps', at(0, 0, 5))).toBe(3);
    expect(day.value('signUps', at(0, 0, 2)) - before.day.value('signUps', at(0, 0, 2))).toBe(1);
    expect(day.value('gameRuns', at(0, 0, 5)) - before.day.value('gameRuns', at(0, 0, 5))).toBe(2);

    const month = await pulse('30d');
    expect(month.buckets).toHaveLength(30);
    const hourly = await pulse('7d', 'hour');
    expect(hourly.buckets).toHaveLength(7 * 24);
    expect(hourly.value('pointsSpent', at(10))).toBe(hour.value('pointsSpent', at(10)));
  });
});

describe.runIf(process.env.REDIS_URL)('status snapshots over Redis', () => {
  const clock = testClock(NOW);
  const prefix = `status${Date.now().toString(36)}`;
  let db: TestDb;
  let buses: Bus[] = [];

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    const { prepareDatabase } = await import('../../src/server/app');
    const { loadConfig } = await import('../../src/server/config');
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }, { databaseUrl: db.url }), NOW);
    buses = [0, 1].map(() => createBus({ redisUrl: process.env.REDIS_URL, prefix }));
    for (let i = 0; i < 100 && !buses.every((b) => b.connected()); i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await db?.drop();
  });

  it('each instance hears the other, and one that stops publishing leaves after three intervals', async () => {
    const [a, b] = buses.map((bus, i) => otherInstance(db, bus, clock, { openSockets: i })) as [
      InstanceBoard,
      InstanceBoard,
    ];
    expect(a.transport).toBe('redis');
    await b.publish();
    let seen: string[] = [];
    for (let i = 0; i < 100 && seen.length < 2; i++) {
      await a.publish();
      seen = (await a.gather()).map((s) => s.sInstanceID);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual([a.instanceId, b.instanceId]);
    expect((await a.gather())[1]).toMatchObject({ iOpenSockets: 1, sVersion: 'other-1', fP95Ms: 42 });
    // Nothing went through the database.
    expect(await db.db.selectFrom('status_instance').selectAll().execute()).toEqual([]);

    clock.advance(INTERVAL_MS * MISSED_INTERVALS + 1);
    expect((await a.gather()).map((s) => s.sInstanceID)).toEqual([a.instanceId]);
    a.stop();
    b.stop();
  });
});
