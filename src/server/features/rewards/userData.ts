import type { RewardsUserData } from '../../../protocol/rewards';
import { prepared } from '../../shared/prepared';
import { collectiblesByIds } from '../collectibles/index';
import { claimDailyReward, type DailyState, dailyRewardDue } from './daily';
import { listPendingNotices, noticeFields, noticeItemIds, parseNotices } from './notices';
import type { RewardsDb } from './tables';
import { loadRewardVars } from './vars';

/** The member's balances and daily cycle in one read (either row may not exist yet). */
const holdings = prepared((db: RewardsDb, userId: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('balance').select('points').where('user_id', '=', userId).as('points'),
    eb.selectFrom('balance').select('tickets').where('user_id', '=', userId).as('tickets'),
    eb.selectFrom('daily_login').select('last_day').where('user_id', '=', userId).as('last_day'),
    eb.selectFrom('daily_login').select('day_in_cycle').where('user_id', '=', userId).as('day_in_cycle'),
    eb.selectFrom('daily_login').select('cycles_completed').where('user_id', '=', userId).as('cycles_completed'),
  ]),
);

async function readHoldings(db: RewardsDb, userId: string) {
  const [row] = await holdings(db, userId);
  const daily: DailyState | null =
    row?.last_day != null
      ? { lastDay: row.last_day, dayInCycle: Number(row.day_in_cycle), cyclesCompleted: Number(row.cycles_completed) }
      : null;
  return { points: Number(row?.points ?? 0), tickets: Number(row?.tickets ?? 0), daily };
}

/**
 * The rewards part of pUserData (docs/product.md §3): balances, pending notices and the daily
 * strip. The first call of a reward day grants that day's login reward; any other call only
 * reads: the balances with the daily cycle, then the pending notices (and their items, if any).
 */
export async function memberRewardsData(db: RewardsDb, userId: string, now: number): Promise<RewardsUserData> {
  const vars = await loadRewardVars(db);
  let held = await readHoldings(db, userId);
  if (dailyRewardDue(held.daily, now, vars)) {
    // Whoever wins the race grants it; every racer reads the balances after it.
    await claimDailyReward(db, userId, now, vars, held.daily);
    held = await readHoldings(db, userId);
  }
  const notices = parseNotices(await listPendingNotices(db, userId));
  const items = await collectiblesByIds(db, noticeItemIds(notices));
  return {
    ...noticeFields(notices, items),
    iRaffleTickets: held.tickets,
    iPoints: held.points,
    bFirstCycle: held.daily ? held.daily.cyclesCompleted === 0 : true,
    iDailyRewardDay: held.daily?.dayInCycle ?? 0,
  };
}
