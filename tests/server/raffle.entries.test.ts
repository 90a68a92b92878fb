import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { UserData } from '../../src/protocol/identity';
import { cancelRaffle, closeRaffle, createRaffle } from '../../src/server/features/raffle/lifecycle';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { idemKey, memberWithTickets, openTestRaffle, ticketBalance } from '../support/raffleHelpers';

describe.each(DIALECTS)('entering the raffle on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  let raffleId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    // One raffle takes entries at a time: each test starts its own.
    const open = await t.deps.db.selectFrom('raffle').select('id').where('status', '=', 'open').execute();
    for (const row of open) await cancelRaffle(t.deps.db, Number(row.id), { now: clock.now(), actor: 'test' });
    raffleId = await openTestRaffle(t);
  });

  const enter = (token: string, iTickets: number | string, sIdempotencyKey = idemKey(), iRaffleID = raffleId) =>
    t.call('enterRaffle', { iRaffleID, iTickets, sIdempotencyKey }, token);
  const drawInfo = async (token: string) =>
    ((await t.call('getUserData', {}, token)).pUserData as UserData).pRaffleDrawInfo;

  it('shows the open raffle in pUserData and lets entries grow, never below zero', async () => {
    const member = await memberWithTickets(t, 5);
    const before = await drawInfo(member.token);
    expect(before).toMatchObject({
      bActive: true,
      iRaffleID: raffleId,
      iEntryTickets: 0,
      sEntrantID: '',
      sCommitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    if (!before.bActive) throw new Error('not active');
    expect(before.aPrizes.map((p) => [p.sKind, p.iQuantity])).toEqual([
      ['item', 1],
      ['points', 2],
      ['tickets', 2],
    ]);
    expect(before.aPrizes[0]?.sImage).toMatch(/\/media\/agents\/lamplighter\.svg\?v=/);

    expect(await enter(member.token, 2)).toEqual({ iErrorCode: 0, iEntryTickets: 2, iRaffleTickets: 3 });
    expect(await enter(member.token, 3)).toEqual({ iErrorCode: 0, iEntryTickets: 5, iRaffleTickets: 0 });
    expect(await enter(member.token, 1)).toMatchObject({ iErrorCode: ErrorCode.NOT_ENOUGH_TICKETS });
    const after = await drawInfo(member.token);
    expect(after).toMatchObject({ bActive: true, iEntryTickets: 5, iEntrantCount: 1, iTicketTotal: 5 });
    expect(after.bActive && after.sEntrantID).toMatch(/^[0-9a-f]{16}$/);
    expect(await ticketBalance(t, member.userId)).toBe(0);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('is exact under 50 parallel entries: as many succeed as there are tickets, and no more', async () => {
    const member = await memberWithTickets(t, 30);
    const answers = await Promise.all(Array.from({ length: 50 }, () => enter(member.token, 1)));
    expect(answers.filter((a) => a.iErrorCode === 0)).toHaveLength(30);
    expect(answers.filter((a) => a.iErrorCode === ErrorCode.NOT_ENOUGH_TICKETS)).toHaveLength(20);
    expect(await ticketBalance(t, member.userId)).toBe(0);
    expect(await drawInfo(member.token)).toMatchObject({ iEntryTickets: 30, iTicketTotal: 30, iEntrantCount: 1 });
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('applies 50 parallel retries of one idempotency key once', async () => {
    const member = await memberWithTickets(t, 10);
    const key = idemKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => enter(member.token, 4, key)));
    expect(answers.every((a) => a.iErrorCode === 0 && a.iEntryTickets === 4)).toBe(true);
    expect(await ticketBalance(t, member.userId)).toBe(6);
    expect(await drawInfo(member.token)).toMatchObject({ iEntryTickets: 4, iTicketTotal: 4 });
  });

  it('counts 20 members entering at once, each once', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => memberWithTickets(t, 3, `crowd${i}`)));
    const answers = await Promise.all(members.map((m) => enter(m.token, 2)));
    expect(answers.every((a) => a.iErrorCode === 0)).toBe(true);
    expect(await drawInfo(members[0]?.token as string)).toMatchObject({ iEntrantCount: 20, iTicketTotal: 40 });
    const entrantIds = await t.deps.db
      .selectFrom('raffle_entry')
      .select('entrant_id')
      .where('raffle_id', '=', raffleId)
      .execute();
    expect(new Set(entrantIds.map((e) => e.entrant_id)).size).toBe(20);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('refuses entries after close with a clear code, and before opening', async () => {
    const member = await memberWithTickets(t, 3);
    expect(await enter(member.token, 1)).toMatchObject({ iErrorCode: 0 });
    await closeRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' });
    expect(await enter(member.token, 1)).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_CLOSED,
      sMessage: 'Entries for this raffle have closed.',
    });
    expect(await ticketBalance(t, member.userId)).toBe(2);
    expect(await drawInfo(member.token)).toMatchObject({ bActive: false });

    const later = await createRaffle(
      t.deps.db,
      {
        title: 'Later',
        opensAt: clock.now() + 3600_000,
        closesAt: clock.now() + 7200_000,
        prizes: [{ sKind: 'points', iAmount: 1, iQuantity: 1 }],
        beacon: false,
      },
      { now: clock.now(), actor: 'test' },
    );
    expect(await enter(member.token, 1, idemKey(), later as number)).toMatchObject({
      iErrorCode: ErrorCode.RAFFLE_NOT_OPEN,
    });
    expect(await drawInfo(member.token)).toEqual({ bActive: false, iNextOpensAt: clock.now() + 3600_000 });
    await cancelRaffle(t.deps.db, later as number, { now: clock.now(), actor: 'test' });
  });

  it('refuses entries once the closing time has passed, even before the job closes it', async () => {
    const member = await memberWithTickets(t, 3);
    clock.advance(7 * 86_400_000);
    try {
      expect(await enter(member.token, 1)).toMatchObject({ iErrorCode: ErrorCode.RAFFLE_CLOSED });
    } finally {
      clock.advance(-7 * 86_400_000);
    }
  });

  it('answers bad input with a code and a sentence, never a 500', async () => {
    const member = await memberWithTickets(t, 3);
    for (const fields of [
      { iRaffleID: raffleId, iTickets: 0, sIdempotencyKey: idemKey() },
      { iRaffleID: raffleId, iTickets: -3, sIdempotencyKey: idemKey() },
      { iRaffleID: raffleId, iTickets: 'many', sIdempotencyKey: idemKey() },
      { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: 'short' },
      { iRaffleID: 'x', iTickets: 1, sIdempotencyKey: idemKey() },
    ]) {
      expect(await t.call('enterRaffle', fields, member.token)).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
        sMessage: expect.any(String),
      });
    }
    expect(await enter(member.token, 1, idemKey(), 999_999)).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
    expect(await t.call('enterRaffle', { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() })).toMatchObject(
      {
        iErrorCode: ErrorCode.NOT_SIGNED_IN,
      },
    );
  });
});
