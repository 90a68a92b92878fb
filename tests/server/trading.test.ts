import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { onNotificationsChanged } from '../../src/server/features/notifications/index';
import { expireOffers, releaseHeldTrades } from '../../src/server/features/trading/accept';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import { balanceOf } from '../support/storeHelpers';
import { until } from '../support/tcpProxy';
import { accept, itemsOf, listTrades, offer, setTradingVar, tradeCall, trader } from '../support/tradingHelpers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const codes = (answers: Array<{ iErrorCode: number }>) =>
  answers.reduce<Record<number, number>>((count, a) => {
    count[a.iErrorCode] = (count[a.iErrorCode] ?? 0) + 1;
    return count;
  }, {});

describe.each(DIALECTS)('trading on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  it('a gift moves the item with its token id, both statements show it, the sender is told', async () => {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t);
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const sent = await offer(t, alice, bob, { give: [item] });
    expect(sent).toMatchObject({ iErrorCode: ErrorCode.OK, pTrade: { bGift: true, sState: 'open', bSentByMe: true } });
    const tradeId = sent.pTrade?.sTradeID as string;
    expect(tradeId).toMatch(/^[a-z2-9]{16}$/);
    expect((await listTrades(t, bob, 'incoming')).aTrades.map((x) => x.sTradeID)).toEqual([tradeId]);

    const done = await accept(t, bob, tradeId, 'gift-accept-1');
    expect(done).toMatchObject({ iErrorCode: ErrorCode.OK, pTrade: { sState: 'completed' } });
    expect(await itemsOf(t, bob.userId)).toContain(item);
    expect(await itemsOf(t, alice.userId)).not.toContain(item);
    const again = await accept(t, bob, tradeId, 'gift-accept-1');
    expect(again).toMatchObject({ iErrorCode: ErrorCode.OK, bReplayed: true });

    const statement = (await t.call('getPointsStatement', {}, bob.token)) as {
      aEntries: Array<{ sReason: string; sItemID: string | null }>;
    };
    expect(statement.aEntries[0]).toMatchObject({ sReason: `Gift from @${alice.username}`, sItemID: item });
    const lines = (await t.call('getItemTrades', { sItemID: item }, bob.token)) as {
      aTrades: Array<Record<string, unknown>>;
    };
    expect(lines.aTrades).toEqual([
      expect.objectContaining({
        sTradeID: tradeId,
        sFromUserName: alice.username,
        sToUserName: bob.username,
        bGift: true,
      }),
    ]);
    const told = (await t.call('listNotifications', {}, alice.token)) as { aNotifications: Array<{ sTitle: string }> };
    expect(told.aNotifications.map((n) => n.sTitle)).toContain(`@${bob.username} accepted your gift`);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('50 racing accepts of one offer move the items and points once', { timeout: 60_000 }, async () => {
    const alice = await trader(t, { items: 2, points: 100 });
    const bob = await trader(t, { items: 1, points: 50 });
    const give = (await itemsOf(t, alice.userId)).slice(-2);
    const take = (await itemsOf(t, bob.userId)).slice(-1);
    const sent = await offer(t, alice, bob, { give, givePoints: 30, take, takePoints: 10 });
    const tradeId = sent.pTrade?.sTradeID as string;

    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => accept(t, bob, tradeId, `race-${i}-key`)));
    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 1, [ErrorCode.TRADE_NOT_OPEN]: 49 });
    expect(await balanceOf(t, alice.userId)).toMatchObject({ points: 80 });
    expect(await balanceOf(t, bob.userId)).toMatchObject({ points: 70 });
    for (const id of give) expect(await itemsOf(t, bob.userId)).toContain(id);
    expect(await itemsOf(t, alice.userId)).toContain(take[0]);
    const rows = await t.deps.db
      .selectFrom('ledger')
      .select('id')
      .where('idem_key', 'like', `trade:${tradeId}%`)
      .execute();
    expect(rows).toHaveLength(2 * (2 + 1 + 2));
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('two offers holding one item: accepting one refuses the other, with a sentence', async () => {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t, { points: 20 });
    const carol = await trader(t, { points: 20 });
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const toBob = (await offer(t, alice, bob, { give: [item], takePoints: 5 })).pTrade?.sTradeID as string;
    const toCarol = (await offer(t, alice, carol, { give: [item], takePoints: 5 })).pTrade?.sTradeID as string;

    const answers = await Promise.all([accept(t, bob, toBob), accept(t, carol, toCarol)]);
    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 1, [ErrorCode.TRADE_ITEMS_MOVED]: 1 });
    const refused = answers.find((a) => a.iErrorCode !== ErrorCode.OK);
    expect(refused?.sMessage).toMatch(/changed hands/);
    const winner = answers[0]?.iErrorCode === ErrorCode.OK ? bob : carol;
    expect(await itemsOf(t, winner.userId)).toContain(item);
    expect((await balanceOf(t, alice.userId)).points).toBe(5);
    const loserTrade = winner === bob ? toCarol : toBob;
    expect((await tradeCall(t, alice, 'getTradeOffer', loserTrade)).pTrade?.sState).toBe('failed');
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('a trade without two-factor is held; the job releases it at its time; the hold keeps the item from other trades', async () => {
    const alice = await trader(t, { items: 1, twoFactor: false });
    const bob = await trader(t, { points: 40 });
    const carol = await trader(t, { points: 40 });
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const toBob = (await offer(t, alice, bob, { give: [item], takePoints: 25 })).pTrade?.sTradeID as string;
    const toCarol = (await offer(t, alice, carol, { give: [item], takePoints: 25 })).pTrade?.sTradeID as string;
    const held = await accept(t, bob, toBob);
    expect(held.pTrade).toMatchObject({ sState: 'held', iHoldUntil: clock.now() + 72 * HOUR_MS });
    expect(held.pTrade?.sHoldReason).toMatch(/no two-factor sign-in.*turn on two-factor/);
    expect(await itemsOf(t, alice.userId)).toContain(item);
    expect((await accept(t, carol, toCarol)).iErrorCode).toBe(ErrorCode.TRADE_ITEMS_MOVED);
    expect((await listTrades(t, bob, 'held')).aTrades.map((x) => x.sTradeID)).toEqual([toBob]);

    clock.advance(71 * HOUR_MS);
    expect(await releaseHeldTrades(t.deps.db, clock.now())).toEqual({ released: 0, failed: 0 });
    clock.advance(2 * HOUR_MS);
    expect(await releaseHeldTrades(t.deps.db, clock.now())).toEqual({ released: 1, failed: 0 });
    expect(await itemsOf(t, bob.userId)).toContain(item);
    expect((await balanceOf(t, alice.userId)).points).toBe(25);
    expect((await tradeCall(t, bob, 'getTradeOffer', toBob)).pTrade?.sState).toBe('completed');
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('a cancelled hold moves nothing, and either side may cancel it', async () => {
    const alice = await trader(t, { items: 1, twoFactor: false });
    const bob = await trader(t, { points: 40 });
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const tradeId = (await offer(t, alice, bob, { give: [item], takePoints: 10 })).pTrade?.sTradeID as string;
    expect((await accept(t, bob, tradeId)).pTrade?.sState).toBe('held');
    const cancelled = await tradeCall(t, alice, 'cancelTrade', tradeId);
    expect(cancelled.pTrade).toMatchObject({ sState: 'cancelled' });
    clock.advance(100 * HOUR_MS);
    await releaseHeldTrades(t.deps.db, clock.now());
    expect(await itemsOf(t, alice.userId)).toContain(item);
    expect((await balanceOf(t, bob.userId)).points).toBe(40);
    // The lock went with the hold: the item may be traded again.
    const again = (await offer(t, alice, bob, { give: [item] })).pTrade?.sTradeID as string;
    await setTradingVar(t, 'iTradeHoldHours', 0);
    expect((await accept(t, bob, again)).pTrade?.sState).toBe('completed');
    await setTradingVar(t, 'iTradeHoldHours', 72);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('refuses new, unverified and banned accounts, with the reason', async () => {
    const alice = await trader(t, { items: 1 });
    const fresh = await trader(t);
    await t.deps.db
      .updateTable('member')
      .set({ created_at: clock.now() - 2 * DAY_MS })
      .where('user_id', '=', fresh.userId)
      .execute();
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const toFresh = await offer(t, alice, fresh, { give: [item] });
    expect(toFresh).toMatchObject({ iErrorCode: ErrorCode.TRADE_NOT_ALLOWED });
    expect(toFresh.sMessage).toMatch(/account is new: trading opens 7 days after registration, in 5 days/);

    const unverified = await trader(t);
    await t.deps.db.updateTable('member').set({ verified_at: null }).where('user_id', '=', unverified.userId).execute();
    await t.deps.db
      .updateTable('user')
      .set({ emailVerified: sql.lit(false) })
      .where('id', '=', unverified.userId)
      .execute();
    expect((await offer(t, unverified, alice, { givePoints: 0 })).iErrorCode).toBe(ErrorCode.BAD_INPUT);
    expect((await offer(t, alice, unverified, { give: [item] })).sMessage).toMatch(/not verified/);

    const banned = await trader(t);
    await t.deps.db
      .updateTable('user')
      .set({ banned: sql.lit(true), banReason: 'test' })
      .where('id', '=', banned.userId)
      .execute();
    expect(await offer(t, alice, banned, { give: [item] })).toMatchObject({
      iErrorCode: ErrorCode.TRADE_NOT_ALLOWED,
      sMessage: `@${banned.username} cannot trade right now.`,
    });
  });

  it('daily limits on offers and trades', async () => {
    await setTradingVar(t, 'iTradeOffersPerDay', 2);
    const alice = await trader(t, { points: 100 });
    const bob = await trader(t);
    expect((await offer(t, alice, bob, { givePoints: 1 })).iErrorCode).toBe(ErrorCode.OK);
    expect((await offer(t, alice, bob, { givePoints: 1 })).iErrorCode).toBe(ErrorCode.OK);
    const third = await offer(t, alice, bob, { givePoints: 1 });
    expect(third).toMatchObject({ iErrorCode: ErrorCode.LIMIT_REACHED });
    expect(third.sMessage).toMatch(/2 offers in the last 24 hours/);
    await setTradingVar(t, 'iTradeOffersPerDay', 20);

    await setTradingVar(t, 'iTradesPerDay', 1);
    const [first, second] = (await listTrades(t, bob, 'incoming')).aTrades.map((x) => x.sTradeID) as [string, string];
    expect((await accept(t, bob, first)).iErrorCode).toBe(ErrorCode.OK);
    expect((await accept(t, bob, second)).iErrorCode).toBe(ErrorCode.LIMIT_REACHED);
    await setTradingVar(t, 'iTradesPerDay', 10);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('declines, cancels, counter offers and expiry', async () => {
    const alice = await trader(t, { items: 1, points: 10 });
    const bob = await trader(t, { items: 1 });
    const [mine] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const [theirs] = (await itemsOf(t, bob.userId)).slice(-1) as [string];
    const first = (await offer(t, alice, bob, { give: [mine], take: [theirs] })).pTrade?.sTradeID as string;
    expect((await tradeCall(t, alice, 'declineTradeOffer', first)).iErrorCode).toBe(ErrorCode.FORBIDDEN);
    const counter = await offer(t, bob, alice, { give: [theirs], take: [mine], takePoints: 5, replaces: first });
    expect(counter.pTrade).toMatchObject({ sReplacesTradeID: first, sState: 'open' });
    expect((await tradeCall(t, alice, 'getTradeOffer', first)).pTrade?.sState).toBe('replaced');
    expect((await accept(t, bob, first)).sMessage).toBe('This offer was replaced by a counter offer.');
    const declined = await tradeCall(t, alice, 'declineTradeOffer', counter.pTrade?.sTradeID as string);
    expect(declined.pTrade?.sState).toBe('declined');

    const late = (await offer(t, alice, bob, { give: [mine] })).pTrade?.sTradeID as string;
    clock.advance(8 * DAY_MS);
    expect((await accept(t, bob, late)).iErrorCode).toBe(ErrorCode.TRADE_NOT_OPEN);
    expect(await expireOffers(t.deps.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect((await tradeCall(t, alice, 'getTradeOffer', late)).pTrade?.sState).toBe('expired');
    const history = await listTrades(t, alice, 'history');
    expect(history.aTrades.map((x) => x.sTradeID)).toEqual(expect.arrayContaining([first, late]));
  });

  it('warns the sender of a new receiving account, and the receiver of a one-sided ask', async () => {
    const alice = await trader(t, { items: 1, points: 5 });
    const bob = await trader(t, { items: 3 });
    await t.deps.db
      .updateTable('member')
      .set({ created_at: clock.now() - 10 * DAY_MS })
      .where('user_id', '=', bob.userId)
      .execute();
    const give = (await itemsOf(t, alice.userId)).slice(-1);
    const take = (await itemsOf(t, bob.userId)).slice(-3);
    const sent = await offer(t, alice, bob, { givePoints: 0, give: [], take: [...take], takePoints: 0 });
    expect(sent.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    const fair = await offer(t, alice, bob, { give, take });
    expect(fair.pTrade?.aWarnings).toEqual([expect.stringMatching(/account is new \(registered 10 days ago\)/)]);
    const seen = await tradeCall(t, bob, 'getTradeOffer', fair.pTrade?.sTradeID as string);
    expect(seen.pTrade?.aWarnings).toEqual([]);
    const lopsided = await offer(t, alice, bob, { give: [], givePoints: 1, take });
    const asked = await tradeCall(t, bob, 'getTradeOffer', lopsided.pTrade?.sTradeID as string);
    expect(asked.pTrade?.aWarnings).toEqual(['This offer asks 3 of your collectibles for 0: check it is fair.']);
  });

  it('no internal id on the wire: trades speak of public ids and usernames', async () => {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t);
    const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
    const sent = await offer(t, alice, bob, { give: [item] });
    const json = JSON.stringify(sent);
    expect(json).not.toContain(alice.userId);
    expect(json).not.toContain(bob.userId);
    expect(Object.keys(sent.pTrade ?? {})).not.toContain('iTradeID');
  });
  it("announces both sides' bells as the trade commits, not at the sweep's next turn", async () => {
    const alice = await trader(t, { items: 1 });
    const bob = await trader(t);
    const heard: string[][] = [];
    const stop = onNotificationsChanged(t.deps.bus, (ids) => heard.push(ids));
    try {
      const [item] = (await itemsOf(t, alice.userId)).slice(-1) as [string];
      const sent = await offer(t, alice, bob, { give: [item] });
      await until(() => heard.some((ids) => ids.includes(bob.userId)), 300, 'the offer announced to bob');
      heard.length = 0;
      await accept(t, bob, sent.pTrade?.sTradeID as string, 'bell-accept-1');
      await until(() => heard.some((ids) => ids.includes(alice.userId)), 300, 'the accept announced to alice');
    } finally {
      stop();
    }
  });
});
