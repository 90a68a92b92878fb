import { createHash } from 'node:crypto';
import type { NoticeKind } from '../../../protocol/rewards';
import type { MemberRegistered } from '../../capability';
import { inTransaction } from '../../shared/transaction';
import { listPoolTemplateIds } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import { applyGrant } from './ledger';
import { notify, notifyReward } from './notices';
import type { RewardsDb } from './tables';
import { loadRewardVars } from './vars';

/*
 * The automatic grants of docs/product.md §1/§9: registration, referral, demo completion. Each one is a
 * ledger grant with its own key and, when it applies, a notice that tells the member once.
 */

/** A refused referral code becomes a notice (bReferralCodeUsed / bInvalidReferralCode). */
export type RegistrationGrant = MemberRegistered;

/** Template pools the shipped content fills (template.grant_pool). */
export const GrantPool = {
  registerAgent: 'register-agent',
  registerArt: 'register-art',
  demoAgent: 'demo-agent',
} as const;

/** A stable choice among a pool's templates for one member, so a retry picks the same design. */
export function pickTemplate(templateIds: readonly string[], userId: string): string | undefined {
  if (templateIds.length === 0) return undefined;
  const hash = createHash('sha256').update(userId).digest();
  return templateIds[hash.readUInt32BE(0) % templateIds.length];
}

type ItemKind = Extract<NoticeKind, 'pNFT' | 'pRegisterNFT' | 'pArtNFT'>;
type TicketKind = Extract<NoticeKind, 'iNewUserRaffleTickets' | 'iReferralRaffleTickets'>;

async function grantItemFromPool(
  trx: RewardsDb,
  grant: { userId: string; pool: string; key: string; reason: string; kind: ItemKind; now: number },
): Promise<boolean> {
  const templateId = pickTemplate(await listPoolTemplateIds(trx, grant.pool), grant.userId);
  // An operator who empties a pool turns that reward off; it must not break registration.
  if (!templateId) return false;
  const result = await applyGrant(trx, { ...grant, lines: [{ asset: 'item', templateId }] });
  const itemId = result.itemIds[0];
  if (result.applied && itemId !== undefined) {
    await notify(trx, {
      userId: grant.userId,
      kind: grant.kind,
      payload: { iItemID: itemId },
      key: grant.key,
      now: grant.now,
    });
  }
  return result.applied;
}

async function grantTickets(
  trx: RewardsDb,
  grant: { userId: string; amount: number; key: string; reason: string; kind: TicketKind; now: number },
): Promise<boolean> {
  if (grant.amount <= 0) return false;
  const result = await applyGrant(trx, { ...grant, lines: [{ asset: 'tickets', amount: grant.amount }] });
  if (result.applied) {
    await notify(trx, {
      userId: grant.userId,
      kind: grant.kind,
      payload: { iTickets: grant.amount },
      key: grant.key,
      now: grant.now,
    });
  }
  return result.applied;
}

/** Registration rewards (idempotent by key); joins the caller's transaction when given one. */
export function grantRegistrationRewards(db: RewardsDb, grant: RegistrationGrant): Promise<void> {
  return inTransaction(db, async (trx) => {
    const { userId, now } = grant;
    const vars = await loadRewardVars(trx);
    await grantItemFromPool(trx, {
      userId,
      pool: GrantPool.registerAgent,
      key: `register:${userId}`,
      reason: 'registration agent',
      kind: 'pRegisterNFT',
      now,
    });
    await grantItemFromPool(trx, {
      userId,
      pool: GrantPool.registerArt,
      key: `register-art:${userId}`,
      reason: 'registration mythopedia',
      kind: 'pArtNFT',
      now,
    });
    await grantTickets(trx, {
      userId,
      amount: vars.newUserRaffleTickets,
      key: `register-tickets:${userId}`,
      reason: 'registration raffle tickets',
      kind: 'iNewUserRaffleTickets',
      now,
    });
    if (grant.referrerUserId && grant.referrerUserId !== userId) {
      await grantTickets(trx, {
        userId,
        amount: vars.referralRaffleTickets,
        key: `referral:${userId}`,
        reason: 'referral raffle tickets',
        kind: 'iReferralRaffleTickets',
        now,
      });
      const rewarded = await grantTickets(trx, {
        userId: grant.referrerUserId,
        amount: vars.referrerRaffleTickets,
        key: `referrer:${userId}`,
        reason: 'referrer raffle tickets',
        kind: 'iReferralRaffleTickets',
        now,
      });
      // The referrer's own popup says who joined (the tickets popup only counts them).
      if (rewarded) {
        const joined = (await usernamesOf(trx, [userId])).get(userId) ?? 'A new member';
        await notifyReward(trx, {
          userId: grant.referrerUserId,
          key: `referrer-joined:${userId}`,
          now,
          sTitle: 'Your referral joined',
          sMessage: `${joined} joined the club with your referral code. Your raffle tickets are in.`,
        });
      }
    }
    if (grant.referralProblem) {
      const kind = grant.referralProblem === 'used' ? 'bReferralCodeUsed' : 'bInvalidReferralCode';
      await notify(trx, { userId, kind, payload: {}, key: `referral-problem:${userId}`, now });
    }
    if (grant.guestBeatDemo) await grantDemoAgentIn(trx, userId, now);
  });
}

function grantDemoAgentIn(trx: RewardsDb, userId: string, now: number): Promise<boolean> {
  return grantItemFromPool(trx, {
    userId,
    pool: GrantPool.demoAgent,
    key: `demo-agent:${userId}`,
    reason: 'M1 Demo completion agent',
    kind: 'pNFT',
    now,
  });
}

/** The demo-completion Agent, once per member: true when granted now, false when granted before. */
export function grantDemoAgent(db: RewardsDb, userId: string, now: number): Promise<boolean> {
  return inTransaction(db, (trx) => grantDemoAgentIn(trx, userId, now));
}
