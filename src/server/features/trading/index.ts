import { type Capability, forOtherCapabilities } from '../../capability';
import { expireOffers, releaseHeldTrades } from './accept';
import { tradingActions } from './actions';
import { tradingCli } from './cli';
import { tradingConsoleActions } from './consoleActions';
import { tradeHoldingItem as tradeHoldingItemOwn } from './itemHold';
import { tradingMigrations } from './migrations';
import { eraseTrader } from './operate';
import type { TradingTables } from './tables';
import { TRADING_VARS } from './vars';

const MINUTE_MS = 60 * 1000;

/**
 * Trading and gifts between members (issue 39, decisions 0236–0237): offers of collectibles and
 * points, accepted exactly once in one transaction through the rewards ledger, holds that keep a
 * stolen account from stripping an inventory, daily limits, and the jobs that release holds and
 * expire offers.
 */
export const trading: Capability<TradingTables> = {
  name: 'trading',
  uses: ['collectibles', 'rewards', 'identity', 'maintenance', 'gamevars', 'notifications'],
  migrations: tradingMigrations,
  gameVars: Object.values(TRADING_VARS),
  cli: tradingCli,
  start: (ctx) => ({
    actions: tradingActions,
    eraseMember: (trx, member) => eraseTrader(trx, member.userId, member.now),
    consoleActions: tradingConsoleActions,
    jobs: [
      {
        name: 'trading.releaseHolds',
        everyMs: MINUTE_MS,
        leader: true,
        run: () => releaseHeldTrades(ctx.db, ctx.clock.now()),
      },
      {
        name: 'trading.expireOffers',
        everyMs: 5 * MINUTE_MS,
        leader: true,
        run: () => expireOffers(ctx.db, ctx.clock.now()),
      },
    ],
  }),
};

export type { TradingTables } from './tables';

/**
 * What other capabilities call, with their own handle (capability.ts forOtherCapabilities).
 * Members (an operator's take-back, decision 0242): the sentence refusing it while a trade holds the item.
 */
export const tradeHoldingItem = forOtherCapabilities(tradeHoldingItemOwn);
