import type { DailyRewardDay } from '../../../protocol/rewards';
import { dailyRewardsSchema } from '../../../protocol/rewards.schema';
import type { GameVarDefinition } from '../../capability';
import { gameVarValue, intGameVar, readGameVars } from '../gamevars/index';
import type { RewardsDb } from './tables';

/** The game variables the reward rules read (docs/decisions/0043-daily-reward-cycle.md and 0044 have the defaults' reasons). */
const NORMAL_DAILY: DailyRewardDay[] = [10, 20, 30, 40, 50, 75, 100].map((iPoints, day) => ({
  iPoints,
  iTickets: day === 6 ? 1 : 0,
}));
const FIRST_CYCLE_DAILY: DailyRewardDay[] = NORMAL_DAILY.map((d) => ({
  iPoints: Math.floor(d.iPoints / 2),
  iTickets: d.iTickets,
}));

const sevenDays = (v: unknown) => dailyRewardsSchema.safeParse(v).success;
const tickets = (sVarID: string, description: string) => ({ ...intGameVar(sVarID, 1, 0, 1000), description });

export const REWARD_VARS = {
  dailyRewards: {
    sVarID: 'aDailyRewards',
    sType: 'json',
    sDefault: JSON.stringify(NORMAL_DAILY),
    valid: sevenDays,
    hint: '7 × {iPoints,iTickets}',
    description: 'The daily reward of each day of the 7-day cycle, after a member’s first cycle.',
  },
  newUserDailyRewards: {
    sVarID: 'aNewUserDailyRewards',
    sType: 'json',
    sDefault: JSON.stringify(FIRST_CYCLE_DAILY),
    valid: sevenDays,
    hint: '7 × {iPoints,iTickets}',
    description: 'The daily reward of each day of a new member’s first 7-day cycle.',
  },
  newUserRaffleTickets: tickets('iNewUserRaffleTickets', 'Raffle tickets a member gets on registering.'),
  referralRaffleTickets: tickets(
    'iReferralRaffleTickets',
    'Raffle tickets a member who registers through a referral gets.',
  ),
  referrerRaffleTickets: tickets(
    'iReferrerRaffleTickets',
    'Raffle tickets a member gets for each member they invited.',
  ),
  dailyResetOffsetMinutes: {
    ...intGameVar('iDailyResetOffsetMinutes', 0, -14 * 60, 14 * 60, '-840…840 minutes'),
    description: 'The reward day’s time zone, in minutes east of UTC (60: the day turns at midnight UTC+1).',
  },
} satisfies Record<string, GameVarDefinition>;

/** The typed values the reward rules use; a broken stored value falls back to its default. */
export interface RewardVars {
  dailyRewards: DailyRewardDay[];
  newUserDailyRewards: DailyRewardDay[];
  newUserRaffleTickets: number;
  referralRaffleTickets: number;
  referrerRaffleTickets: number;
  dailyResetOffsetMinutes: number;
}

export function rewardVars(entries: Parameters<typeof gameVarValue>[0]): RewardVars {
  const value = <T>(definition: GameVarDefinition) => gameVarValue<T>(entries, definition);
  return {
    dailyRewards: value(REWARD_VARS.dailyRewards),
    newUserDailyRewards: value(REWARD_VARS.newUserDailyRewards),
    newUserRaffleTickets: value(REWARD_VARS.newUserRaffleTickets),
    referralRaffleTickets: value(REWARD_VARS.referralRaffleTickets),
    referrerRaffleTickets: value(REWARD_VARS.referrerRaffleTickets),
    dailyResetOffsetMinutes: value(REWARD_VARS.dailyResetOffsetMinutes),
  };
}

/** Parsed once per list of game vars: the list stays the same object while it is remembered. */
const parsed = new WeakMap<object, RewardVars>();

export async function loadRewardVars(db: RewardsDb): Promise<RewardVars> {
  const entries = await readGameVars(db);
  let vars = parsed.get(entries);
  if (!vars) {
    vars = rewardVars(entries);
    parsed.set(entries, vars);
  }
  return vars;
}
