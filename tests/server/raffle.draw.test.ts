import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { UserData } from '../../src/protocol/identity';
import {
  publishedDraw,
  type RaffleAnswer,
  type RaffleEntriesAnswer,
  type RaffleProofAnswer,
  type RafflesAnswer,
} from '../../src/protocol/raffle';
import { allChecksPassed, verifyDraw, verifyMerkleProof } from '../../src/protocol/raffleDraw';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { closeRaffle } from '../../src/server/features/raffle/lifecycle';
import { listAudit } from '../../src/server/shared/audit';
import type { TestApp } from '../support/app';
import { testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import {
  idemKey,
  memberWithTickets,
  openTestRaffle,
  raffleJobOf,
  runRaffleWorker,
  twinApps,
} from '../support/raffleHelpers';
import type { TestMember } from '../support/rewardsHelpers';

const WEEK = 7 * 86_400_000;

describe.each(DIALECTS)('closing and drawing the raffle with two instances on %s', (dialect) => {
  const clock = testClock();
  let twins: Awaited<ReturnType<typeof twinApps>>;
  let a: TestApp;
  let b: TestApp;
  let raffleId: number;
  const members: TestMember[] = [];
  beforeAll(async () => {
    twins = await twinApps(dialect, clock);
    ({ a, b } = twins);
    // This suite makes its own raffles; the weekly one would take the open slot.
    await setGameVar(a.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
    raffleId = await openTestRaffle(a);
    // Twelve entrants through both instances: 1…12 tickets, so the draw is weighted.
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? a : b;
      const member = await memberWithTickets(app, i + 1, `drawer${i}`);
      const answer = await app.call(
        'enterRaffle',
        { iRaffleID: raffleId, iTickets: i + 1, sIdempotencyKey: idemKey() },
        member.token,
      );
      expect(answer).toMatchObject({ iErrorCode: 0 });
      members.push(member);
    }
  });
  afterAll(async () => twins?.close());

  const winnerRows = () =>
    a.deps.db.selectFrom('raffle_winner').selectAll().where('raffle_id', '=', raffleId).orderBy('pick').execute();

  it('keeps the seed secret and the entries unpublished while the raffle is open', async () => {
    const detail = (await a.call('getRaffle', { iRaffleID: raffleId }, members[0]?.token)) as unknown as RaffleAnswer;
    expect(detail.pRaffle).toMatchObject({ sStatus: 'open', sSeed: '', sRoot: '', aWinners: [] });
    expect(detail.pRaffle.sCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(detail)).not.toContain((await seedOf(a, raffleId)) as string);
    expect(await a.call('getRaffleEntries', { iRaffleID: raffleId }, members[0]?.token)).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_ENTRIES_NOT_PUBLISHED,
    });
  });

  it('closes, draws and delivers once, though both instances run the job at the same moments', async () => {
    clock.advance(WEEK);
    const jobA = raffleJobOf(a, 'instance-a');
    const jobB = raffleJobOf(b, 'instance-b');
    const reports: Awaited<ReturnType<typeof jobA>>[] = [];
    for (let round = 0; round < 3; round++) reports.push(...(await Promise.all([jobA(), jobB()])));
    expect(reports.filter((r) => r.leader).length).toBe(3);
    expect(new Set(reports.filter((r) => r.leader).map((r) => reports.indexOf(r) % 2)).size).toBe(1);
    expect(reports.flatMap((r) => r.closed)).toEqual([raffleId]);
    expect(reports.flatMap((r) => r.drawn)).toEqual([raffleId]);

    const raffle = await a.deps.db
      .selectFrom('raffle')
      .selectAll()
      .where('id', '=', raffleId)
      .executeTakeFirstOrThrow();
    expect(raffle).toMatchObject({ status: 'drawn', entrant_count: 12, ticket_total: 78 });
    const audit = (await listAudit(a.deps.db, 500)).filter((e) => JSON.parse(e.detail).raffleId === raffleId);
    expect(audit.map((e) => e.action).sort()).toEqual(['raffle.close', 'raffle.create', 'raffle.draw', 'raffle.open']);

    // 5 prize units, 12 entrants: 5 distinct winners, each delivered exactly once.
    const winners = await winnerRows();
    expect(winners).toHaveLength(5);
    expect(new Set(winners.map((w) => w.user_id)).size).toBe(5);
    expect(winners.every((w) => w.delivered_at !== null)).toBe(true);
    const prizeLedger = await a.deps.db
      .selectFrom('ledger')
      .select(['idem_key', 'user_id', 'asset', 'amount'])
      .where('idem_key', 'like', `raffle:${raffleId}:prize:%`)
      .orderBy('idem_key')
      .execute();
    expect(prizeLedger.map((row) => row.idem_key)).toEqual(winners.map((w) => `raffle:${raffleId}:prize:${w.pick}`));
    expect(prizeLedger.map((row) => [row.asset, Number(row.amount)])).toEqual([
      ['item', 1],
      ['points', 100],
      ['points', 100],
      ['tickets', 3],
      ['tickets', 3],
    ]);
    expect(await ledgerProblems(a.deps.db)).toEqual([]);

    // Ticking on changes nothing.
    await Promise.all([jobA(), jobB()]);
    expect(await winnerRows()).toEqual(winners);
  });

  it('tells each winner once, with a "You won …" popup', async () => {
    const winners = await winnerRows();
    const winner = members.find((m) => m.userId === winners[0]?.user_id) as TestMember;
    const data = (await b.call('getUserData', {}, winner.token)).pUserData as UserData;
    expect(data.aRewardNotices).toHaveLength(1);
    expect(data.aRewardNotices[0]).toMatchObject({
      sTitle: expect.stringMatching(/^You won The Lamplighter.*!$/),
      sMessage: expect.stringContaining('winner #1 of Test raffle'),
      pItem: { sTemplateID: 'agent-lamplighter' },
    });
    await b.call('ackNotices', { sKinds: 'aRewardNotices', iUpToNoticeID: data.iNoticeCursor }, winner.token);
    expect(((await a.call('getUserData', {}, winner.token)).pUserData as UserData).aRewardNotices).toEqual([]);

    const pointsWinner = members.find((m) => m.userId === winners[1]?.user_id) as TestMember;
    const points = (await a.call('getUserData', {}, pointsWinner.token)).pUserData as UserData;
    expect(points.aRewardNotices).toEqual([expect.objectContaining({ sTitle: 'You won 100 points!', iPoints: 100 })]);
  });

  it('publishes what anyone needs to replay the draw, and it verifies with the module the server drew with', async () => {
    const viewer = members[3] as TestMember;
    const { pRaffle } = (await a.call('getRaffle', { iRaffleID: raffleId }, viewer.token)) as unknown as RaffleAnswer;
    const { aEntries, sRoot } = (await b.call(
      'getRaffleEntries',
      { iRaffleID: raffleId },
      viewer.token,
    )) as unknown as RaffleEntriesAnswer;
    expect(pRaffle.sSeed).toBe(await seedOf(a, raffleId));
    expect(sRoot).toBe(pRaffle.sRoot);
    expect(aEntries).toHaveLength(12);
    expect(aEntries.map((e) => e.sEntrantID)).toEqual([...aEntries.map((e) => e.sEntrantID)].sort());
    const checks = verifyDraw(publishedDraw(pRaffle, aEntries));
    expect(checks.map((c) => [c.sCheck, c.bPassed])).toEqual([
      ['entries', true],
      ['commitment', true],
      ['root', true],
      ['winners', true],
      ['prizes', true],
    ]);

    // One changed ticket count fails the root and the replay.
    const tampered = aEntries.map((e, i) => (i === 0 ? { ...e, iTickets: e.iTickets + 1 } : e));
    expect(allChecksPassed(verifyDraw(publishedDraw(pRaffle, tampered)))).toBe(false);

    // Every member's own entry checks against the root.
    for (const member of members) {
      const proof = (await a.call(
        'getRaffleProof',
        { iRaffleID: raffleId },
        member.token,
      )) as unknown as RaffleProofAnswer;
      expect(proof.iErrorCode).toBe(0);
      expect(verifyMerkleProof(proof.pEntry, proof.pProof, pRaffle.sRoot)).toBe(true);
    }
    const outsider = await memberWithTickets(a, 1, 'outsider');
    expect(await a.call('getRaffleProof', { iRaffleID: raffleId }, outsider.token)).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_NOT_ENTERED,
    });
  });

  it('lists past raffles with entry totals and winners by username', async () => {
    const winners = await winnerRows();
    const winner = members.find((m) => m.userId === winners[2]?.user_id) as TestMember;
    const { aRaffles, bMore } = (await b.call('getRaffles', {}, winner.token)) as unknown as RafflesAnswer;
    expect(bMore).toBe(false);
    const past = aRaffles.find((r) => r.iRaffleID === raffleId);
    expect(past).toMatchObject({ sStatus: 'drawn', iEntrantCount: 12, iTicketTotal: 78 });
    expect(past?.aWinners.map((w) => w.sUserName)).toEqual(
      winners.map((w) => `m_${w.user_id.replace(/[^A-Za-z0-9]/g, '').slice(0, 18)}`),
    );
    expect(past?.aWinners.filter((w) => w.bYou).map((w) => w.iPick)).toEqual([3]);
    expect(past?.iYourTickets).toBe(members.indexOf(winner) + 1);
    // Without an id, the viewer gets the latest drawn raffle.
    expect(((await a.call('getRaffle', {}, winner.token)) as unknown as RaffleAnswer).pRaffle.iRaffleID).toBe(raffleId);
  });

  it('draws once when two processes race without the lease: the conditional update lets one through', async () => {
    const second = await openTestRaffle(a, { title: 'Race' });
    const member = await memberWithTickets(b, 2, 'racer');
    await b.call('enterRaffle', { iRaffleID: second, iTickets: 2, sIdempotencyKey: idemKey() }, member.token);
    expect((await closeRaffle(a.deps.db, second, { now: clock.now(), actor: 'a' })).done).toBe(true);
    expect(await closeRaffle(b.deps.db, second, { now: clock.now(), actor: 'b' })).toEqual({
      done: false,
      reason: `Raffle ${second} is not open`,
    });
    // Two other processes (a second server, an operator's CLI) draw at the same moment.
    const draws = await Promise.all([
      runRaffleWorker(a.db.url, 'draw', String(second)),
      runRaffleWorker(a.db.url, 'draw', String(second)),
    ]);
    const outcomes = draws.map((run) => JSON.parse(run.lines.at(-1) as string) as { done: boolean });
    expect(outcomes.filter((o) => o.done)).toHaveLength(1);
    const rows = await a.deps.db.selectFrom('raffle_winner').selectAll().where('raffle_id', '=', second).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: member.userId, delivered_at: expect.any(Number) });
    const grants = await a.deps.db
      .selectFrom('ledger')
      .select('idem_key')
      .where('idem_key', 'like', `raffle:${second}:prize:%`)
      .execute();
    expect(grants).toEqual([{ idem_key: `raffle:${second}:prize:1` }]);
  });

  it('hands the lease over only when its holder stops renewing it', async () => {
    const jobA = raffleJobOf(a, 'instance-a');
    const jobC = raffleJobOf(b, 'instance-c');
    clock.advance(31_000);
    expect((await jobA()).leader).toBe(true);
    expect((await jobC()).leader).toBe(false);
    clock.advance(31_000);
    expect((await jobC()).leader).toBe(true);
    expect((await jobA()).leader).toBe(false);
  });
});

async function seedOf(t: TestApp, raffleId: number) {
  const row = await t.deps.db.selectFrom('raffle').select('seed_hex').where('id', '=', raffleId).executeTakeFirst();
  return row?.seed_hex;
}
