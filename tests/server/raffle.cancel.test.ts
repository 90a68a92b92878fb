import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { UserData } from '../../src/protocol/identity';
import type { RafflesAnswer } from '../../src/protocol/raffle';
import { runAdmin } from '../../src/server/cli/commands';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { closeRaffle, drawRaffle, refundEntries } from '../../src/server/features/raffle/lifecycle';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { idemKey, memberWithTickets, openTestRaffle, ticketBalance } from '../support/raffleHelpers';
import type { TestMember } from '../support/rewardsHelpers';

describe.each(DIALECTS)('cancelling a raffle on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await setGameVar(t.deps, { sVarID: 'iRaffleAutoWeekly', sType: 'int', sValue: '0' }, 'test', clock.now());
  });
  afterAll(async () => t?.close());

  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => clock.now(), actor: 'cli:test' });

  async function enteredRaffle(count: number) {
    const raffleId = await openTestRaffle(t);
    const members: TestMember[] = [];
    for (let i = 0; i < count; i++) {
      const member = await memberWithTickets(t, 5, `refund${i}`);
      for (const tickets of [1, i + 1]) {
        await t.call(
          'enterRaffle',
          { iRaffleID: raffleId, iTickets: tickets, sIdempotencyKey: idemKey() },
          member.token,
        );
      }
      members.push(member);
    }
    return { raffleId, members };
  }

  it('refunds every entry through the ledger, tells each member once, and refuses entries afterwards', async () => {
    const { raffleId, members } = await enteredRaffle(4);
    expect(await Promise.all(members.map((m) => ticketBalance(t, m.userId)))).toEqual([3, 2, 1, 0]);

    expect(await admin('raffle', 'cancel', String(raffleId))).toEqual({
      output: `Raffle ${raffleId} cancelled; every entry refunded`,
      exitCode: 0,
    });
    expect(await Promise.all(members.map((m) => ticketBalance(t, m.userId)))).toEqual([5, 5, 5, 5]);
    const refunds = await t.deps.db
      .selectFrom('ledger')
      .select(['user_id', 'amount'])
      .where('idem_key', 'like', `raffle:${raffleId}:refund:%`)
      .execute();
    expect(refunds.map((r) => Number(r.amount)).sort()).toEqual([2, 3, 4, 5]);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);

    const data = (await t.call('getUserData', {}, members[3]?.token)).pUserData as UserData;
    expect(data.aRewardNotices).toEqual([
      expect.objectContaining({
        sTitle: 'Raffle cancelled',
        iTickets: 5,
        sMessage: expect.stringContaining('5 tickets are back'),
      }),
    ]);
    expect(
      await t.call('enterRaffle', { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() }, members[0]?.token),
    ).toMatchObject({ iErrorCode: ErrorCode.RAFFLE_CLOSED });
    const { aRaffles } = (await t.call('getRaffles', {}, members[0]?.token)) as unknown as RafflesAnswer;
    expect(aRaffles.find((r) => r.iRaffleID === raffleId)).toMatchObject({ sStatus: 'cancelled', aWinners: [] });

    // A second cancel, and a repeated refund run, change nothing.
    expect(await admin('raffle', 'cancel', String(raffleId))).toMatchObject({ exitCode: 1 });
    expect(await refundEntries(t.deps.db, raffleId, clock.now())).toBe(0);
    expect(await Promise.all(members.map((m) => ticketBalance(t, m.userId)))).toEqual([5, 5, 5, 5]);
  });

  it('refunds a closed raffle once even when two workers refund at the same time', async () => {
    const { raffleId, members } = await enteredRaffle(3);
    await closeRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' });
    await t.deps.db.updateTable('raffle').set({ status: 'cancelled' }).where('id', '=', raffleId).execute();
    const refunded = await Promise.all([
      refundEntries(t.deps.db, raffleId, clock.now()),
      refundEntries(t.deps.db, raffleId, clock.now()),
    ]);
    expect(refunded[0] + refunded[1]).toBe(3);
    expect(await Promise.all(members.map((m) => ticketBalance(t, m.userId)))).toEqual([5, 5, 5]);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('refuses to cancel a raffle that has been drawn', async () => {
    const { raffleId } = await enteredRaffle(1);
    await closeRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' });
    await drawRaffle(t.deps.db, raffleId, { now: clock.now(), actor: 'test' });
    expect(await admin('raffle', 'cancel', String(raffleId))).toEqual({
      output: `Raffle ${raffleId} is drawing: only a raffle not yet drawn can be cancelled`,
      exitCode: 1,
    });
  });
});
