import { dailyAmounts, nextDailyState, rewardDay } from './daily';
import { findDailyState, saveDailyState } from './dailyRepo';
import { type DbOrTrx, inTransaction } from './db';
import type { RewardVars } from './gameVars';
import { applyGrant } from './ledger';
import { notify } from './notices';

/**
 * Grants today's login reward on the member's first visit of the day. The ledger key
 * `daily:<user>:<day>` makes it exactly once however many requests race: the losers' inserts
 * do nothing and they leave the cycle state alone.
 */
export async function claimDailyReward(db: DbOrTrx, userId: string, now: number, vars: RewardVars): Promise<boolean> {
  const today = rewardDay(now, vars.dailyResetOffsetMinutes);
  const seen = await findDailyState(db, userId);
  if (seen && seen.lastDay >= today) return false;
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
