import { DAILY_CYCLE_DAYS, type DailyRewardDay, rewardDay } from '../../../protocol/rewards';
import { inTransaction } from '../../shared/transaction';
import { applyGrant } from './ledger';
import { notify } from './notices';
import type { RewardsDb } from './tables';
import type { RewardVars } from './vars';

/**
 * Daily login reward rules (docs/product.md §11), pure. Every login day advances the cycle: a missed
 * calendar day does not reset it (docs/product.md §9: "reset after 7 days of logins").
 */
export interface DailyState {
  /** 'YYYY-MM-DD' of the last rewarded day. */
  lastDay: string;
  /** 1…7. */
  dayInCycle: number;
  cyclesCompleted: number;
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

// ── The claim ────────────────────────────────────────────────────────────────────────────────

/**
 * Grants today's login reward on the member's first visit of the day. The ledger key
 * `daily:<user>:<day>` makes it exactly once however many requests race: the losers' inserts
 * do nothing and they leave the cycle state alone.
 */
/** Whether today's reward is still to be granted, by the state last read. */
export function dailyRewardDue(seen: DailyState | null, now: number, vars: RewardVars): boolean {
  return !seen || seen.lastDay < rewardDay(now, vars.dailyResetOffsetMinutes);
}

export async function claimDailyReward(
  db: RewardsDb,
  userId: string,
  now: number,
  vars: RewardVars,
  seen?: DailyState | null,
): Promise<boolean> {
  const today = rewardDay(now, vars.dailyResetOffsetMinutes);
  if (!dailyRewardDue(seen === undefined ? await findDailyState(db, userId) : seen, now, vars)) return false;
  return inTransaction(db, async (trx) => {
    const next = nextDailyState(await findDailyState(trx, userId), today);
    if (!next) return false;
    const { granted, normal, firstCycle } = dailyAmounts(next, vars.dailyRewards, vars.newUserDailyRewards);
    const key = `daily:${userId}:${today}`;
    const result = await applyGrant(trx, {
      userId,
      key,
      reason: `daily login reward day ${next.dayInCycle}`,
      lines: [
        { asset: 'points', amount: granted.iPoints },
        ...(granted.iTickets > 0 ? [{ asset: 'tickets' as const, amount: granted.iTickets }] : []),
      ],
      now,
    });
    if (!result.applied) return false;
    await saveDailyState(trx, userId, next, now);
    await notify(trx, {
      userId,
      kind: 'iLoginRewardDay',
      payload: {
        sDay: today,
        iDay: next.dayInCycle,
        iPoints: granted.iPoints,
        iTickets: granted.iTickets,
        iNormalPoints: normal.iPoints,
        iNormalTickets: normal.iTickets,
        bFirstCycle: firstCycle,
      },
      key,
      now,
    });
    return true;
  });
}

// ── Rows ─────────────────────────────────────────────────────────────────────────────────────

export async function findDailyState(db: RewardsDb, userId: string): Promise<DailyState | null> {
  const row = await db
    .selectFrom('daily_login')
    .select(['last_day', 'day_in_cycle', 'cycles_completed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { lastDay: row.last_day, dayInCycle: Number(row.day_in_cycle), cyclesCompleted: Number(row.cycles_completed) }
    : null;
}

async function saveDailyState(db: RewardsDb, userId: string, state: DailyState, now: number): Promise<void> {
  const values = {
    last_day: state.lastDay,
    day_in_cycle: state.dayInCycle,
    cycles_completed: state.cyclesCompleted,
    updated_at: now,
  };
  await db
    .insertInto('daily_login')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
