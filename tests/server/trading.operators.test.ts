import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ROLES, type ConsoleRole } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import type { ConsoleTradeSignalsAnswer, ConsoleTradesAnswer } from '../../src/protocol/trading';
import { runAdmin } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { consoleCall, enrolledOperator } from '../support/operators';
import { balanceOf } from '../support/storeHelpers';
import { accept, itemsOf, offer, type Trader, tradeCall, trader } from '../support/tradingHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

/**
 * Issue 39, the operators' side: the console's trade list, cancel and reverse, and their CLI
 * twins (one capability function each), audited with the reason.
 */
describe.each(DIALECTS)('trading for operators on %s', (dialect) => {
  let t: TestApp;
  const op = {} as Record<ConsoleRole, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    for (const role of CONSOLE_ROLES) op[role] = (await enrolledOperator(t, `${role}@trade.example`, role)).token;
  });
  afterAll(() => closeTestApp(t));

  const cli = (...args: string[]) =>
    runAdmin(['trade', ...args], { db: t.deps.db, now: () => t.deps.clock.now(), actor: 'cli:test' });
  const audits = async (action: string) =>
    (await listAudit(t.deps.db, 500))
      .filter((row) => row.action === action)
      .map((row) => ({ actor: row.actor, detail: JSON.parse(row.detail) as Record<string, unknown> }));

  async function completedTrade(): Promise<{ alice: Trader; bob: Trader; item: string; tradeId: string }> {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t, { points: 30 });
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const tradeId = (await offer(t, alice, bob, { give: [item], takePoints: 20 })).pTrade?.sTradeID as string;
    expect((await accept(t, bob, tradeId)).pTrade?.sState).toBe('completed');
    return { alice, bob, item, tradeId };
  }

  it('an admin reverses a completed trade: the item and the points go back, audited; others may not', async () => {
    const { alice, bob, item, tradeId } = await completedTrade();
    const list = (await consoleCall(
      t,
      'consoleTrades',
      { sMember: alice.username },
      op.viewer,
    )) as unknown as ConsoleTradesAnswer;
    expect(list.aTrades[0]).toMatchObject({ sTradeID: tradeId, sState: 'completed', iTakePoints: 20 });

    const bySupport = await consoleCall(t, 'consoleTradeReverse', { sTradeID: tradeId, sReason: 'theft' }, op.support);
    expect(bySupport.iErrorCode).toBe(ErrorCode.CONSOLE_FORBIDDEN);
    const reversed = await consoleCall(
      t,
      'consoleTradeReverse',
      { sTradeID: tradeId, sReason: 'Account recovered after theft' },
      op.admin,
    );
    expect(reversed).toMatchObject({ iErrorCode: 0, pTrade: { sState: 'reversed' } });
    expect(await itemsOf(t, alice.userId)).toContain(item);
    expect((await balanceOf(t, alice.userId)).points).toBe(0);
    expect((await balanceOf(t, bob.userId)).points).toBe(30);
    expect((await audits('trade.reverse'))[0]).toMatchObject({
      actor: 'console:admin@trade.example',
      detail: { tradeId, reason: 'Account recovered after theft' },
    });
    const again = await consoleCall(t, 'consoleTradeReverse', { sTradeID: tradeId, sReason: 'twice' }, op.admin);
    expect(again.iErrorCode).toBe(ErrorCode.TRADE_NOT_OPEN);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('a reversal is refused once an item has moved on', async () => {
    const { bob, item, tradeId } = await completedTrade();
    const carol = await trader(t);
    const onward = (await offer(t, bob, carol, { give: [item] })).pTrade?.sTradeID as string;
    expect((await accept(t, carol, onward)).iErrorCode).toBe(0);
    expect(await cli('reverse', tradeId, '--reason', 'too late')).toEqual({
      exitCode: 1,
      output: 'An item of this trade is no longer with its new holder: the trade cannot be reversed.',
    });
    expect((await cli('show', tradeId)).output).toMatch(/: completed/);
  });

  it('the CLI lists, shows and cancels; an open offer cancelled by an operator moves nothing', async () => {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t);
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const tradeId = (await offer(t, alice, bob, { give: [item] })).pTrade?.sTradeID as string;
    expect((await cli('list', '--member', alice.username)).output).toContain(`${tradeId}  open`);
    expect(await cli('cancel', tradeId)).toMatchObject({ exitCode: 2 });
    const cancelled = await cli('cancel', tradeId, '--reason', 'Reported as a scam');
    expect(cancelled.exitCode).toBe(0);
    expect(cancelled.output).toContain('Cancelled by an operator: Reported as a scam');
    expect((await accept(t, bob, tradeId)).iErrorCode).toBe(ErrorCode.TRADE_NOT_OPEN);
    expect(await itemsOf(t, alice.userId)).toContain(item);
    expect((await audits('trade.cancel'))[0]).toMatchObject({ actor: 'cli:test', detail: { tradeId } });
  });

  it('signals: a member receiving from three new accounts, and a held trade its sender cancelled', async () => {
    const mule = await trader(t);
    for (let i = 0; i < 3; i++) {
      const fresh = await trader(t, { points: 5 });
      await t.deps.db
        .updateTable('member')
        .set({ created_at: t.deps.clock.now() - 10 * 24 * 60 * 60 * 1000 })
        .where('user_id', '=', fresh.userId)
        .execute();
      const gift = (await offer(t, fresh, mule, { givePoints: 5 })).pTrade?.sTradeID as string;
      expect((await accept(t, mule, gift)).iErrorCode).toBe(0);
    }
    const thief = await trader(t, { items: 1, twoFactor: false });
    const fence = await trader(t);
    const [item] = (await itemsOf(t, thief.userId)).slice(-1) as [string];
    const held = (await offer(t, thief, fence, { give: [item] })).pTrade?.sTradeID as string;
    expect((await accept(t, fence, held)).pTrade?.sState).toBe('held');
    expect((await tradeCall(t, thief, 'cancelTrade', held)).pTrade?.sState).toBe('cancelled');

    const answer = (await consoleCall(t, 'consoleTradeSignals', {}, op.viewer)) as unknown as ConsoleTradeSignalsAnswer;
    expect(answer.aSignals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sKind: 'many-new-senders', sUserName: mule.username }),
        expect.objectContaining({ sKind: 'held-cancelled-by-sender', sUserName: thief.username, aTradeIDs: [held] }),
      ]),
    );
    expect((await cli('signals')).output).toContain(`@${thief.username}  Cancelled their own trade during its hold.`);
  });
  it('a take-back of an item in an open offer or a held trade is refused with the trade named, until it ends', async () => {
    const alice = await trader(t, { items: 2, twoFactor: false });
    const bob = await trader(t, { points: 10 });
    const [offered, held] = (await itemsOf(t, alice.userId)).slice(-2) as [string, string];
    const open = (await offer(t, alice, bob, { give: [offered], takePoints: 5 })).pTrade?.sTradeID as string;
    const onHold = (await offer(t, alice, bob, { give: [held] })).pTrade?.sTradeID as string;
    expect((await accept(t, bob, onHold)).pTrade?.sState).toBe('held');
    const takeBack = (sItemID: string, sKey: string) =>
      consoleCall(
        t,
        'memberGrant',
        { sUserID: alice.userId, sAsset: 'item', sItemID, sKey, sReason: 'Dupe' },
        op.admin,
      );

    const refusedOpen = await takeBack(offered, 'trade-take-back-1');
    expect(refusedOpen).toMatchObject({ iErrorCode: ErrorCode.TRADE_ITEMS_MOVED });
    expect(refusedOpen.sMessage).toBe(
      `This item is in an open offer between @${alice.username} and @${bob.username} (trade ${open}): cancel that trade first (trade cancel ${open}, or the member's Trades tab), then take the item back.`,
    );
    const refusedHeld = await takeBack(held, 'trade-take-back-2');
    expect(refusedHeld).toMatchObject({ iErrorCode: ErrorCode.TRADE_ITEMS_MOVED });
    expect(refusedHeld.sMessage).toContain(`is in a trade on hold between @${alice.username} and @${bob.username}`);
    expect(await itemsOf(t, alice.userId)).toEqual(expect.arrayContaining([offered, held]));

    expect((await cli('cancel', onHold, '--reason', 'Item taken back')).exitCode).toBe(0);
    expect(await takeBack(held, 'trade-take-back-3')).toMatchObject({ iErrorCode: ErrorCode.OK, bApplied: true });
    expect(await itemsOf(t, alice.userId)).not.toContain(held);
    expect((await takeBack(offered, 'trade-take-back-4')).iErrorCode).toBe(ErrorCode.TRADE_ITEMS_MOVED);
    expect((await accept(t, bob, open)).pTrade?.sState).toBe('held');
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });
});
