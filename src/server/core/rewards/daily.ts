import { DAILY_CYCLE_DAYS, type DailyRewardDay } from '../../../protocol/rewards';

/**
 * Daily login reward rules (DESIGN.md §4), pure. Every login day advances the cycle: a missed
 * calendar day does not reset it (SPEC §9: "reset after 7 days of logins").
 */
export interface DailyState {
  /** 'YYYY-MM-DD' of the last rewarded day. */
  lastDay: string;
  /** 1…7. */
  dayInCycle: number;
  cyclesCompleted: number;
}

const MINUTE = 60_000;

/** The reward calendar day of an instant: UTC shifted by the configured offset in minutes. */
export function rewardDay(now: number, offsetMinutes: number): string {
  return new Date(now + offsetMinutes * MINUTE).toISOString().slice(0, 10);
}

/** The state after today's reward, or null when today (or a later day: clock moved back) is rewarded. */
export function nextDailyState(previous: DailyState | null, today: string): DailyState | null {
  if (!previous) return { lastDay: today, dayInCycle: 1, cyclesCompleted: 0 };
  if (previous.lastDay >= today) return null;
  const cycleEnded = previous.dayInCycle >= DAILY_CYCLE_DAYS;
  return {
    lastDay: today,
    dayInCycle: cycleEnded ? 1 : previous.dayInCycle + 1,
    cyclesCompleted: previous.cyclesCompleted + (cycleEnded ? 1 : 0),
  };
}

export interface DailyAmounts {
  granted: DailyRewardDay;
  normal: DailyRewardDay;
  firstCycle: boolean;
}

const NOTHING: DailyRewardDay = { iPoints: 0, iTickets: 0 };

/** What a day pays: first-cycle members get the reduced table, and see the normal amount too. */
export function dailyAmounts(
  state: DailyState,
  normalTable: readonly DailyRewardDay[],
  firstCycleTable: readonly DailyRewardDay[],
): DailyAmounts {
  const firstCycle = state.cyclesCompleted === 0;
  const normal = normalTable[state.dayInCycle - 1] ?? NOTHING;
  const granted = firstCycle ? (firstCycleTable[state.dayInCycle - 1] ?? normal) : normal;
  return { granted, normal, firstCycle };
}
