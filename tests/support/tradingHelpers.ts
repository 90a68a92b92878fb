import { sql } from 'kysely';
import type { TradeOfferAnswer, TradesPageAnswer } from '../../src/protocol/trading';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { applyGrant } from '../../src/server/features/rewards/index';
import type { TestApp } from './app';
import { register, signUp, type TestMember } from './rewardsHelpers';
import { givePoints } from './storeHelpers';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Trader extends TestMember {
  username: string;
}

let grants = 0;

/**
 * A member who may trade: registered 30 days ago, email verified, with `points` and `items` extra
 * Agents; two-factor on unless told otherwise (a side without it holds the trade).
 */
export async function trader(
  t: TestApp,
  options: { points?: number; items?: number; twoFactor?: boolean; label?: string } = {},
): Promise<Trader> {
  const member = await signUp(t, options.label ?? 'trader');
  await register(t, { userId: member.userId });
  await t.deps.db
    .updateTable('member')
    .set({ created_at: t.deps.clock.now() - 30 * DAY_MS, verified_at: t.deps.clock.now() })
    .where('user_id', '=', member.userId)
    .execute();
  await t.deps.db
    .updateTable('user')
    .set({ emailVerified: sql.lit(true), twoFactorEnabled: sql.lit(options.twoFactor ?? true) })
    .where('id', '=', member.userId)
    .execute();
  if (options.points) await givePoints(t, member, options.points);
  if (options.items) {
    const template = await t.deps.db.selectFrom('template').select('id').orderBy('id').executeTakeFirstOrThrow();
    grants++;
    await applyGrant(t.deps.db, {
      userId: member.userId,
      key: `test-items:${member.userId}:${grants}`,
      reason: 'test items',
      lines: Array.from({ length: options.items }, () => ({ asset: 'item' as const, templateId: template.id })),
      now: t.deps.clock.now(),
    });
  }
  const row = await t.deps.db
    .selectFrom('member')
    .select('username')
    .where('user_id', '=', member.userId)
    .executeTakeFirstOrThrow();
  return { ...member, username: row.username };
}

/** The public ids of a member's items. */
export async function itemsOf(t: TestApp, userId: string): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('item')
    .select('public_id')
    .where('owner_user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.public_id);
}

export function offer(
  t: TestApp,
  from: Trader,
  to: Trader,
  fields: { give?: string[]; givePoints?: number; take?: string[]; takePoints?: number; replaces?: string } = {},
): Promise<TradeOfferAnswer> {
  return t.call(
    'createTradeOffer',
    {
      sToUserName: to.username,
      sGiveItemIDs: (fields.give ?? []).join(','),
      iGivePoints: fields.givePoints ?? 0,
      sTakeItemIDs: (fields.take ?? []).join(','),
      iTakePoints: fields.takePoints ?? 0,
      ...(fields.replaces ? { sReplacesTradeID: fields.replaces } : {}),
    },
    from.token,
  ) as unknown as Promise<TradeOfferAnswer>;
}

export function accept(t: TestApp, member: Trader, tradeId: string, key?: string): Promise<TradeOfferAnswer> {
  return t.call(
    'acceptTradeOffer',
    { sTradeID: tradeId, sIdempotencyKey: key ?? `accept-${Math.random().toString(36).slice(2)}` },
    member.token,
  ) as unknown as Promise<TradeOfferAnswer>;
}

export function tradeCall(
  t: TestApp,
  member: Trader,
  name: 'declineTradeOffer' | 'cancelTrade' | 'getTradeOffer',
  tradeId: string,
): Promise<TradeOfferAnswer> {
  return t.call(name, { sTradeID: tradeId }, member.token) as unknown as Promise<TradeOfferAnswer>;
}

export function listTrades(
  t: TestApp,
  member: Trader,
  box: 'incoming' | 'outgoing' | 'held' | 'history',
  cursor?: string,
): Promise<TradesPageAnswer> {
  return t.call(
    'listMyTrades',
    { sBox: box, ...(cursor ? { sCursor: cursor } : {}) },
    member.token,
  ) as unknown as Promise<TradesPageAnswer>;
}

export function setTradingVar(t: TestApp, sVarID: string, value: number): Promise<unknown> {
  return setGameVar(t.deps, { sVarID, sType: 'int', sValue: String(value) }, 'test', t.deps.clock.now());
}
