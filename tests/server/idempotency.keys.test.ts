import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorMessage } from '../../src/protocol/errors';
import { applyGrant, type GrantLine } from '../../src/server/features/rewards/index';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { idemKey, memberWithTickets, openTestRaffle, ticketBalance } from '../support/raffleHelpers';
import { register, signUp } from '../support/rewardsHelpers';

/**
 * Issue 26 #4: an idempotency key sent again answers its first answer only when the request is the
 * same; with another payload it is refused, never answered as a success that applied nothing.
 */
describe.each(DIALECTS)('idempotency keys with another payload on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  it('refuses a raffle entry key resent with another number of tickets, and answers a true resend', async () => {
    const raffleId = await openTestRaffle(t);
    const member = await memberWithTickets(t, 10);
    const enter = (iTickets: number, sIdempotencyKey: string) =>
      t.call('enterRaffle', { iRaffleID: raffleId, iTickets, sIdempotencyKey }, member.token);
    const key = idemKey();
    const first = await enter(5, key);
    expect(first).toEqual({ iErrorCode: ErrorCode.OK, iEntryTickets: 5, iRaffleTickets: 5 });

    const reused = await enter(1, key);
    expect(reused).toEqual({
      iErrorCode: ErrorCode.RAFFLE_KEY_REUSED,
      sMessage: errorMessage(ErrorCode.RAFFLE_KEY_REUSED),
    });
    expect(reused.sMessage).toBe('This entry was already made with a different number of tickets.');
    expect(await enter(5, key)).toEqual(first);
    expect(await ticketBalance(t, member.userId)).toBe(5);
    const raffle = await t.deps.db
      .selectFrom('raffle')
      .select('ticket_total')
      .where('id', '=', raffleId)
      .executeTakeFirstOrThrow();
    expect(Number(raffle.ticket_total)).toBe(5);
    // A fresh key still enters; the first key resent later still answers its first answer.
    expect(await enter(1, idemKey())).toEqual({ iErrorCode: ErrorCode.OK, iEntryTickets: 6, iRaffleTickets: 4 });
    expect(await enter(5, key)).toEqual(first);
    expect(await enter(2, key)).toMatchObject({ iErrorCode: ErrorCode.RAFFLE_KEY_REUSED });
    expect(await ticketBalance(t, member.userId)).toBe(4);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('tells a ledger grant resent as it was from one whose key was used for another grant', async () => {
    const member = await signUp(t, 'ledger');
    await register(t, { userId: member.userId });
    const other = await signUp(t, 'other');
    const grant = (lines: GrantLine[], userId = member.userId, key = 'audit-key-1') =>
      applyGrant(t.deps.db, { userId, key: `${key}:${member.userId}`, reason: 'test', lines, now: clock.now() });
    const lines: GrantLine[] = [
      { asset: 'points', amount: 7 },
      { asset: 'item', templateId: 'agent-lamplighter' },
    ];
    expect(await grant(lines)).toMatchObject({ applied: true, keyReused: false });
    expect(await grant(lines)).toEqual({ applied: false, keyReused: false, itemIds: [] });

    const others: Array<[string, GrantLine[], string?]> = [
      ['another amount', [{ asset: 'points', amount: 8 }, lines[1] as GrantLine]],
      ['another asset', [{ asset: 'tickets', amount: 7 }, lines[1] as GrantLine]],
      ['another design', [lines[0] as GrantLine, { asset: 'item', templateId: 'agent-tide-warden' }]],
      ['fewer lines', [lines[0] as GrantLine]],
      ['more lines', [...lines, { asset: 'tickets', amount: 1 }]],
      ['another member', lines, other.userId],
    ];
    for (const [label, changed, userId] of others) {
      expect(await grant(changed, userId), label).toEqual({ applied: false, keyReused: true, itemIds: [] });
    }
    const balance = await t.deps.db
      .selectFrom('balance')
      .select('points')
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(Number(balance.points)).toBe(7);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });
});
