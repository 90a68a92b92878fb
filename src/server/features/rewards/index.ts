import { nextRewardDayStart } from '../../../protocol/rewards';
import type { Capability } from '../../capability';
import { rewardsActions } from './actions';
import { rewardsCli } from './cli';
import { grantRegistrationRewards } from './grants';
import { rewardsMigrations } from './migrations';
import { memberRewardsData } from './userData';
import { loadRewardVars, REWARD_VARS } from './vars';

/**
 * Rewards (docs/product.md §4, §9, §11): the one ledger of points, tickets and collectibles,
 * the automatic grants (registration, referral, demo Agent, daily login), and the notices that
 * tell a member once.
 */
export const rewards: Capability = {
  name: 'rewards',
  uses: ['collectibles', 'gamevars', 'identity'],
  migrations: rewardsMigrations,
  gameVars: Object.values(REWARD_VARS),
  cli: rewardsCli,
  start: (ctx) => ({
    actions: rewardsActions,
    userData: (userId, now) => memberRewardsData(ctx.db, userId, now),
    // A new reward day grants its login reward on the next getUserData.
    userDataChangesAt: async (now) => nextRewardDayStart(now, (await loadRewardVars(ctx.db)).dailyResetOffsetMinutes),
    onMemberRegistered: (trx, event) => grantRegistrationRewards(trx, event),
  }),
};

export { grantDemoAgent } from './grants';
export { applyGrant, findBalance, type Grant, type GrantLine, LedgerError, ledgerAfter } from './ledger';
export { notifyReward } from './notices';
export { readStatement, type StatementLine, type StatementPage } from './statement';
export type { RewardsTables } from './tables';
