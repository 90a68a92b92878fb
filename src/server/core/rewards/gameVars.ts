import type { z } from 'zod';
import { type GameVarEntry, parseGameVar } from '../../../protocol/gameVars';
import { type DailyRewardDay, dailyRewardsSchema } from '../../../protocol/rewards';

/** Game variables (SPEC §3): their defaults, their validation, and the typed values the rules use. */
export const GAME_VAR_TYPES = ['int', 'float', 'number', 'array', 'json', 'string'] as const;

export const GameVar = {
  dailyRewards: 'aDailyRewards',
  newUserDailyRewards: 'aNewUserDailyRewards',
  newUserRaffleTickets: 'iNewUserRaffleTickets',
  referralRaffleTickets: 'iReferralRaffleTickets',
  referrerRaffleTickets: 'iReferrerRaffleTickets',
  dailyResetOffsetMinutes: 'iDailyResetOffsetMinutes',
} as const;

const NORMAL_DAILY: DailyRewardDay[] = [10, 20, 30, 40, 50, 75, 100].map((iPoints, day) => ({
  iPoints,
  iTickets: day === 6 ? 1 : 0,
}));
const FIRST_CYCLE_DAILY: DailyRewardDay[] = NORMAL_DAILY.map((d) => ({
  iPoints: Math.floor(d.iPoints / 2),
  iTickets: d.iTickets,
}));

export const GAME_VAR_DEFAULTS: GameVarEntry[] = [
  { sVarID: GameVar.dailyRewards, sType: 'json', sValue: JSON.stringify(NORMAL_DAILY) },
  { sVarID: GameVar.newUserDailyRewards, sType: 'json', sValue: JSON.stringify(FIRST_CYCLE_DAILY) },
  { sVarID: GameVar.newUserRaffleTickets, sType: 'int', sValue: '1' },
  { sVarID: GameVar.referralRaffleTickets, sType: 'int', sValue: '1' },
  { sVarID: GameVar.referrerRaffleTickets, sType: 'int', sValue: '1' },
  { sVarID: GameVar.dailyResetOffsetMinutes, sType: 'int', sValue: '0' },
];

const nonNegativeInt = (max: number) => (v: unknown) =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** Shape checks of the variables the member core reads, beyond their declared type. */
const KNOWN_VARS: Record<string, { type: string; valid: (parsed: unknown) => boolean; hint: string }> = {
  [GameVar.dailyRewards]: {
    type: 'json',
    valid: (v) => dailyRewardsSchema.safeParse(v).success,
    hint: '7 × {iPoints,iTickets}',
  },
  [GameVar.newUserDailyRewards]: {
    type: 'json',
    valid: (v) => dailyRewardsSchema.safeParse(v).success,
    hint: '7 × {iPoints,iTickets}',
  },
  [GameVar.newUserRaffleTickets]: { type: 'int', valid: nonNegativeInt(1000), hint: '0…1000' },
  [GameVar.referralRaffleTickets]: { type: 'int', valid: nonNegativeInt(1000), hint: '0…1000' },
  [GameVar.referrerRaffleTickets]: { type: 'int', valid: nonNegativeInt(1000), hint: '0…1000' },
  [GameVar.dailyResetOffsetMinutes]: {
    type: 'int',
    valid: (v) => Number.isInteger(v) && Math.abs(v as number) <= 14 * 60,
    hint: '-840…840 minutes',
  },
};

const VAR_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_VALUE_LENGTH = 10_000;

/** Why an operator's game var would be refused, or null when it is fine. */
export function gameVarProblem(entry: GameVarEntry): string | null {
  const { sVarID, sType, sValue } = entry;
  if (!VAR_ID_PATTERN.test(sVarID)) return 'The id must be a letter then up to 63 letters, digits or _.';
  if (!(GAME_VAR_TYPES as readonly string[]).includes(sType))
    return `The type must be one of ${GAME_VAR_TYPES.join(', ')}.`;
  if (sValue.length > MAX_VALUE_LENGTH) return `The value is longer than ${MAX_VALUE_LENGTH} characters.`;
  if (sType === 'int' && !/^-?\d{1,15}$/.test(sValue.trim())) return 'The value must be an integer.';
  if ((sType === 'float' || sType === 'number') && !Number.isFinite(Number(sValue.trim()))) {
    return 'The value must be a number.';
  }
  if (sType === 'json') {
    try {
      JSON.parse(sValue);
    } catch {
      return 'The value must be valid JSON.';
    }
  }
  const known = KNOWN_VARS[sVarID];
  if (known) {
    if (known.type !== sType) return `${sVarID} must have type ${known.type}.`;
    if (!known.valid(parseGameVar(entry))) return `${sVarID} must be ${known.hint}.`;
  }
  return null;
}

/** The typed values the reward rules use; a broken stored value falls back to its default. */
export interface RewardVars {
  dailyRewards: DailyRewardDay[];
  newUserDailyRewards: DailyRewardDay[];
  newUserRaffleTickets: number;
  referralRaffleTickets: number;
  referrerRaffleTickets: number;
  dailyResetOffsetMinutes: number;
}

function usableEntry(entries: readonly GameVarEntry[], id: string): GameVarEntry {
  const stored = entries.find((e) => e.sVarID === id);
  if (stored && gameVarProblem(stored) === null) return stored;
  return GAME_VAR_DEFAULTS.find((e) => e.sVarID === id) as GameVarEntry;
}

function typed<T>(entries: readonly GameVarEntry[], id: string, schema?: z.ZodType<T>): T {
  const parsed = parseGameVar(usableEntry(entries, id));
  return (schema ? schema.parse(parsed) : parsed) as T;
}

export function rewardVars(entries: readonly GameVarEntry[]): RewardVars {
  return {
    dailyRewards: typed(entries, GameVar.dailyRewards, dailyRewardsSchema),
    newUserDailyRewards: typed(entries, GameVar.newUserDailyRewards, dailyRewardsSchema),
    newUserRaffleTickets: typed(entries, GameVar.newUserRaffleTickets),
    referralRaffleTickets: typed(entries, GameVar.referralRaffleTickets),
    referrerRaffleTickets: typed(entries, GameVar.referrerRaffleTickets),
    dailyResetOffsetMinutes: typed(entries, GameVar.dailyResetOffsetMinutes),
  };
}
