import { ErrorCode } from '../../../protocol/errors';
import type {
  ConsoleTradeChangeAnswer,
  ConsoleTradeSignalsAnswer,
  ConsoleTradesAnswer,
} from '../../../protocol/trading';
import {
  consoleTradeChangeInput,
  consoleTradeSignalsInput,
  consoleTradesInput,
} from '../../../protocol/trading.schema';
import { fail, type Refusal } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner, type Operator } from '../../http/consoleActions';
import { consoleTrades, operatorCancelTrade, operatorTrades, reverseTrade, tradeSignals } from './operate';
import { TradeRefusal } from './refusal';
import type { TradingDb, TradingTables } from './tables';
import { findTrade, type TradeRow } from './views';

const define = consoleActionDefiner<TradingTables>();

/** The sender of the trade: the gate refuses an operator who outranks them… or is them (issue 35). */
async function tradeSender(db: TradingDb, publicId: string): Promise<string | null> {
  return (await findTrade(db, publicId))?.from_user_id ?? null;
}

/** An operator acts on no trade of their own, whichever side they are. */
async function ownTrade(db: TradingDb, publicId: string, operator: Operator): Promise<boolean> {
  const trade = await findTrade(db, publicId);
  return trade !== undefined && (trade.from_user_id === operator.id || trade.to_user_id === operator.id);
}

async function changed(db: TradingDb, work: () => Promise<TradeRow>): Promise<ConsoleTradeChangeAnswer | Refusal> {
  try {
    const row = await work();
    const [pTrade] = await consoleTrades(db, [row]);
    return { iErrorCode: ErrorCode.OK, pTrade };
  } catch (error) {
    if (error instanceof TradeRefusal) return fail(error.code, error.message);
    throw error;
  }
}

/** The console's trade levers (issue 39): one capability function each, shared with the CLI. */
export const tradingConsoleActions: ConsoleActionDef[] = [
  define({
    name: 'consoleTrades',
    permission: 'member:read',
    input: consoleTradesInput,
    async handler({ sMember, bHeldOnly }, { deps }): Promise<ConsoleTradesAnswer | Refusal> {
      try {
        return {
          iErrorCode: ErrorCode.OK,
          aTrades: await operatorTrades(deps.db, { member: sMember, heldOnly: bHeldOnly }),
        };
      } catch (error) {
        if (error instanceof TradeRefusal) return fail(error.code, error.message);
        throw error;
      }
    },
  }),
  define({
    name: 'consoleTradeSignals',
    permission: 'member:read',
    input: consoleTradeSignalsInput,
    async handler(_input, { deps }): Promise<ConsoleTradeSignalsAnswer> {
      return { iErrorCode: ErrorCode.OK, aSignals: await tradeSignals(deps.db, deps.clock.now()) };
    },
  }),
  define({
    name: 'consoleTradeCancel',
    permission: 'member:ban',
    input: consoleTradeChangeInput,
    target: ({ sTradeID }, deps) => tradeSender(deps.db, sTradeID),
    async handler({ sTradeID, sReason }, { deps, operator }) {
      if (await ownTrade(deps.db, sTradeID, operator)) return fail(ErrorCode.CONSOLE_OWN_ACCOUNT);
      return changed(deps.db, () =>
        operatorCancelTrade(deps.db, sTradeID, { actor: operator.actor, reason: sReason, now: deps.clock.now() }),
      );
    },
  }),
  define({
    name: 'consoleTradeReverse',
    permission: 'trade:reverse',
    input: consoleTradeChangeInput,
    target: ({ sTradeID }, deps) => tradeSender(deps.db, sTradeID),
    async handler({ sTradeID, sReason }, { deps, operator }) {
      if (await ownTrade(deps.db, sTradeID, operator)) return fail(ErrorCode.CONSOLE_OWN_ACCOUNT);
      return changed(deps.db, () =>
        reverseTrade(deps.db, sTradeID, { actor: operator.actor, reason: sReason, now: deps.clock.now() }),
      );
    },
  }),
];
