import type { RewardsUserData } from '../../../protocol/rewards';
import { collectiblesByIds } from './collectibles';
import { findDailyState } from './dailyRepo';
import { claimDailyReward } from './dailyReward';
import type { DbOrTrx } from './db';
import { listGameVars } from './gameVarStore';
import { rewardVars } from './gameVars';
import { findBalance } from './ledgerRepo';
import { listPendingNotices } from './noticeRepo';
import { noticeFields, noticeItemIds, parseNotices } from './notices';

/**
 * The rewards part of pUserData (SPEC §3): balances, pending notices, the daily strip and game
 * vars. The first call of a reward day grants that day's login reward.
 */
export async function memberRewardsData(db: DbOrTrx, userId: string, now: number): Promise<RewardsUserData> {
  const aGameVars = await listGameVars(db);
  await claimDailyReward(db, userId, now, rewardVars(aGameVars));
  const [balance, pendingRows, daily] = await Promise.all([
    findBalance(db, userId),
    listPendingNotices(db, userId),
    findDailyState(db, userId),
  ]);
  const notices = parseNotices(pendingRows);
  const items = await collectiblesByIds(db, noticeItemIds(notices));
  return {
    ...noticeFields(notices, items),
    iRaffleTickets: balance.tickets,
    iPoints: balance.points,
    bFirstCycle: daily ? daily.cyclesCompleted === 0 : true,
    iDailyRewardDay: daily?.dayInCycle ?? 0,
    // The raffle capability replaces this when it lands.
    pRaffleDrawInfo: { bActive: false },
    aGameVars,
  };
}
