import { type PrizeSpec, prizeListSchema } from '../../../protocol/raffle.schema';
import type { GameVarDefinition } from '../../capability';
import { gameVarValue, intGameVar, listGameVars } from '../gamevars/index';
import { parseWeeklyTime, type WeeklySchedule } from './schedule';
import type { RaffleDb } from './tables';

/** The weekly prizes of an automatic raffle: a rare Agent, points, ticket bundles (docs/decisions/0131-weekly-raffle.md). */
const DEFAULT_PRIZES: PrizeSpec[] = [
  { sKind: 'item', sTemplateID: 'agent-ninth-gate-herald', iQuantity: 1 },
  { sKind: 'points', iAmount: 250, iQuantity: 3 },
  { sKind: 'tickets', iAmount: 3, iQuantity: 5 },
];

const weeklyTime = (sVarID: string, sDefault: string, description: string): GameVarDefinition => ({
  sVarID,
  sType: 'string',
  sDefault,
  description,
  valid: (v) => typeof v === 'string' && parseWeeklyTime(v) !== null,
  hint: '"Ddd HH:MM" in UTC, e.g. "Mon 00:00"',
});
const onOff = (sVarID: string, sDefault: 0 | 1, description: string) => ({
  ...intGameVar(sVarID, sDefault, 0, 1, '0 (off) or 1 (on)'),
  description,
});

/** The game variables the raffle reads: the weekly schedule, its prizes, the optional beacon. */
export const RAFFLE_VARS = {
  autoWeekly: onOff(
    'iRaffleAutoWeekly',
    1,
    'Whether the weekly raffle is created, opened, closed and drawn by itself.',
  ),
  opens: weeklyTime('sRaffleOpens', 'Mon 00:00', 'When the weekly raffle opens for entries.'),
  closes: weeklyTime('sRaffleCloses', 'Sun 20:00', 'When the weekly raffle closes and is drawn.'),
  prizes: {
    sVarID: 'aRafflePrizes',
    sType: 'json',
    sDefault: JSON.stringify(DEFAULT_PRIZES),
    valid: (v) => prizeListSchema.safeParse(v).success,
    hint: '[{sKind:"item",sTemplateID,iQuantity} | {sKind:"points"|"tickets",iAmount,iQuantity}]',
    description: 'The prizes of each weekly raffle.',
  },
  beacon: onOff('iRaffleBeacon', 0, 'Whether draws also commit to a public randomness beacon round (drand).'),
} satisfies Record<string, GameVarDefinition>;

export interface RaffleVars {
  autoWeekly: boolean;
  schedule: WeeklySchedule;
  prizes: PrizeSpec[];
  beacon: boolean;
}

export async function loadRaffleVars(db: RaffleDb): Promise<RaffleVars> {
  const entries = await listGameVars(db);
  const value = <T>(definition: GameVarDefinition) => gameVarValue<T>(entries, definition);
  return {
    autoWeekly: value<number>(RAFFLE_VARS.autoWeekly) === 1,
    schedule: {
      opensMinute: parseWeeklyTime(value<string>(RAFFLE_VARS.opens)) ?? 0,
      closesMinute: parseWeeklyTime(value<string>(RAFFLE_VARS.closes)) ?? 0,
    },
    prizes: prizeListSchema.parse(value(RAFFLE_VARS.prizes)),
    beacon: value<number>(RAFFLE_VARS.beacon) === 1,
  };
}
