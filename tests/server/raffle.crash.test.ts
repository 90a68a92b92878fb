import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../src/protocol/identity';
import { publishedDraw, type RaffleAnswer, type RaffleEntriesAnswer } from '../../src/protocol/raffle';
import { allChecksPassed, verifyDraw } from '../../src/protocol/raffleDraw';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { closeRaffle } from '../../src/server/features/raffle/lifecycle';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { createTestDb, DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { idemKey, memberWithTickets, openTestRaffle, raffleJobOf, runRaffleWorker } from '../support/raffleHelpers';
import type { TestMember } from '../support/rewardsHelpers';

const dir = mkdtempSync(path.join(tmpdir(), 'raffle-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(DIALECTS)('a draw killed midway on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  let raffleId: number;
  const members: TestMember[] = [];
  beforeAll(async () => {
    const database = await createTestDb(dialect, dialect === 'sqlite' ? path.join(dir, 'crash.db') : undefined);
    t = await createTestApp(dialect, { clock, database });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    raffleId = await openTestRaffle(t);
    for (let i = 0; i < 8; i++) {
      const member = await memberWithTickets(t, 2 + i, `crash${i}`);
      await t.call('enterRaffle', { iRaffleID: raffleId, iTickets: 2 + i, sIdempotencyKey: idemKey() }, member.token);
      members.push(member);
    }
    expect((await closeRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' })).done).toBe(true);
  });
  afterAll(async () => t?.close());

  const winners = () =>
    t.deps.db.selectFrom('raffle_winner').selectAll().where('raffle_id', '=', raffleId).orderBy('pick').execute();

  it('resumes delivering after the crash, never draws again, and delivers each prize exactly once', async () => {
    // Another process draws and is killed (SIGKILL, no cleanup) after its second delivery.
    const crashed = await runRaffleWorker(t.db.url, 'draw', String(raffleId), '2');
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.lines).toEqual(['delivered 1', 'delivered 2']);

    const drawnBefore = await winners();
    expect(drawnBefore).toHaveLength(5);
    expect(drawnBefore.filter((w) => w.delivered_at !== null).map((w) => w.pick)).toEqual([1, 2]);
    const status = async () =>
      (await t.deps.db.selectFrom('raffle').select('status').where('id', '=', raffleId).executeTakeFirstOrThrow())
        .status;
    expect(await status()).toBe('drawing');

    // The surviving instance's job finishes the work; a second tick has nothing left to do.
    const report = await raffleJobOf(t, 'survivor')();
    expect(report).toMatchObject({ leader: true, drawn: [], settled: [raffleId] });
    await raffleJobOf(t, 'survivor')();
    expect(await status()).toBe('drawn');

    const drawnAfter = await winners();
    expect(drawnAfter.map(({ delivered_at: _, ...w }) => w)).toEqual(drawnBefore.map(({ delivered_at: _, ...w }) => w));
    expect(drawnAfter.every((w) => w.delivered_at !== null)).toBe(true);
    const grants = await t.deps.db
      .selectFrom('ledger')
      .select(['idem_key', 'user_id'])
      .where('idem_key', 'like', `raffle:${raffleId}:prize:%`)
      .orderBy('idem_key')
      .execute();
    expect(grants).toEqual(
      drawnAfter.map((w) => ({ idem_key: `raffle:${raffleId}:prize:${w.pick}`, user_id: w.user_id })),
    );
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
    const draws = (await listAudit(t.deps.db, 500)).filter((e) => e.action === 'raffle.draw');
    expect(draws).toHaveLength(1);

    for (const winner of drawnAfter) {
      const member = members.find((m) => m.userId === winner.user_id) as TestMember;
      const data = (await t.call('getUserData', {}, member.token)).pUserData as UserData;
      expect(data.aRewardNotices.filter((n) => n.sTitle.startsWith('You won'))).toHaveLength(1);
    }

    const viewer = members[0] as TestMember;
    const { pRaffle } = (await t.call('getRaffle', { iRaffleID: raffleId }, viewer.token)) as unknown as RaffleAnswer;
    const { aEntries } = (await t.call(
      'getRaffleEntries',
      { iRaffleID: raffleId },
      viewer.token,
    )) as unknown as RaffleEntriesAnswer;
    expect(allChecksPassed(verifyDraw(publishedDraw(pRaffle, aEntries)))).toBe(true);
  });
});
