import { nextRewardDayStart } from '../../../protocol/rewards';
import { type Capability, forOtherCapabilities } from '../../capability';
import { rewardsActions } from './actions';
import { rewardsCli } from './cli';
import { applyExchange as applyExchangeOwn } from './exchange';
import { grantDemoAgent as grantDemoAgentOwn, grantRegistrationRewards } from './grants';
import { applyGrant as applyGrantOwn, findBalance as findBalanceOwn, ledgerAfter as ledgerAfterOwn } from './ledger';
import { ledgerTotals } from './metrics';
import { rewardsMigrations } from './migrations';
import { listPendingNotices as listPendingNoticesOwn, notifyReward as notifyRewardOwn } from './notices';
import { operatorGrant as operatorGrantOwn } from './operatorGrants';
import {
  activeMembersByBucket as activeMembersByBucketOwn,
  dailyRewardsByBucket as dailyRewardsByBucketOwn,
  pointsSpentByBucket as pointsSpentByBucketOwn,
} from './pulse';
import { readStatement as readStatementOwn } from './statement';
import type { RewardsTables } from './tables';
import { memberRewardsData } from './userData';
import { loadRewardVars, REWARD_VARS } from './vars';

/**
 * Rewards (docs/product.md §4, §9, §11): the one ledger of points, tickets and collectibles,
 * the automatic grants (registration, referral, demo Agent, daily login), and the notices that
 * tell a member once.
 */
export const rewards: Capability<RewardsTables> = {
  name: 'rewards',
  uses: ['collectibles', 'gamevars', 'identity', 'notifications'],
  migrations: rewardsMigrations,
  gameVars: Object.values(REWARD_VARS),
  cli: rewardsCli,
  start: (ctx) => ({
    actions: rewardsActions,
    metrics: [ledgerTotals(ctx.db)],
    userData: (userId, now) => memberRewardsData(ctx.db, userId, now),
    // Issue 30: the ledger and balance stay under the tombstone account (totals hold); notices go.
    eraseMember: async (trx, member) => {
      await trx.deleteFrom('notice').where('user_id', '=', member.userId).execute();
    },
    // A new reward day grants its login reward on the next getUserData.
    userDataChangesAt: async (now) => nextRewardDayStart(now, (await loadRewardVars(ctx.db)).dailyResetOffsetMinutes),
    onMemberRegistered: (trx, event) => grantRegistrationRewards(trx, event),
  }),
};

export type { Exchange, ExchangeSide } from './exchange';
export { type Grant, type GrantLine, type GrantResult, LedgerError } from './ledger';
export type { StatementLine, StatementPage } from './statement';
export type { RewardsTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const grantDemoAgent = forOtherCapabilities(grantDemoAgentOwn);
export const applyGrant = forOtherCapabilities(applyGrantOwn);
/** Trading (issue 39): two members exchange points and items through the ledger, once per key. */
export const applyExchange = forOtherCapabilities(applyExchangeOwn);
export const findBalance = forOtherCapabilities(findBalanceOwn);
export const ledgerAfter = forOtherCapabilities(ledgerAfterOwn);
export const notifyReward = forOtherCapabilities(notifyRewardOwn);
export const readStatement = forOtherCapabilities(readStatementOwn);
export const listPendingNotices = forOtherCapabilities(listPendingNoticesOwn);
export const operatorGrant = forOtherCapabilities(operatorGrantOwn);
export type { OperatorGrant, OperatorGrantOutcome } from './operatorGrants';
/** A grant's refusal in words (the console and the CLI say the same, issue 38). */
export { grantRefusalSentence } from './operatorGrants';

/** The console's pulse (issue 29): counts per time bucket (shared/buckets.ts). */
export const activeMembersByBucket = forOtherCapabilities(activeMembersByBucketOwn);
export const dailyRewardsByBucket = forOtherCapabilities(dailyRewardsByBucketOwn);
export const pointsSpentByBucket = forOtherCapabilities(pointsSpentByBucketOwn);
