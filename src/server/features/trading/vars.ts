import type { GameVarDefinition } from '../../capability';
import { gameVarValue, intGameVar, listGameVars } from '../gamevars/index';
import type { TradingDb } from './tables';

const described = (definition: GameVarDefinition, description: string): GameVarDefinition => ({
  ...definition,
  description,
});

/** The game variables trading reads (issue 39): operators tune them live. */
export const TRADING_VARS = {
  minAccountDays: described(
    intGameVar('iTradeMinAccountDays', 7, 0, 365),
    'Days a member must have been registered before they may trade or receive offers.',
  ),
  holdHours: described(
    intGameVar('iTradeHoldHours', 72, 0, 720, '0 (no holds)…720 hours'),
    'Hours an accepted trade waits before its items move when a side has no two-factor or a new device in the last 7 days (0: no holds).',
  ),
  offersPerDay: described(
    intGameVar('iTradeOffersPerDay', 20, 1, 1000),
    'Offers (gifts included) one member may make in 24 hours.',
  ),
  tradesPerDay: described(
    intGameVar('iTradesPerDay', 10, 1, 1000),
    'Trades one member may accept or have accepted in 24 hours.',
  ),
  offerDays: described(intGameVar('iTradeOfferDays', 7, 1, 90), 'Days an offer stays open before it expires.'),
} satisfies Record<string, GameVarDefinition>;

export interface TradingVars {
  minAccountDays: number;
  holdHours: number;
  offersPerDay: number;
  tradesPerDay: number;
  offerDays: number;
}

export async function loadTradingVars(db: TradingDb): Promise<TradingVars> {
  const entries = await listGameVars(db);
  const value = (definition: GameVarDefinition) => Number(gameVarValue<number>(entries, definition));
  return {
    minAccountDays: value(TRADING_VARS.minAccountDays),
    holdHours: value(TRADING_VARS.holdHours),
    offersPerDay: value(TRADING_VARS.offersPerDay),
    tradesPerDay: value(TRADING_VARS.tradesPerDay),
    offerDays: value(TRADING_VARS.offerDays),
  };
}
