import type { AnnouncementPopup } from '../../../../protocol/announcements';
import type { Collectible } from '../../../../protocol/collectibles';
import type { NoticeKind, RewardNotice } from '../../../../protocol/rewards';

/** docs/product.md §9 reward wording. */
export const REWARD_WORDING = {
  pNFT: 'You received a free Digital Collectible: Agent for beating the M1 Demo!',
  pRegisterNFT: 'You received a free Digital Collectible: Agent just for registering as a Member!',
  pArtNFT: 'You received a free Digital Collectible: Mythopedia for registering!',
} as const;

/** docs/product.md §8 referral notices (two spaces after the first sentence, as the spec writes it). */
export const REFERRAL_USED =
  'Sorry, you have already used a referral code previously.  Only one use of referral code is accepted.';
export const REFERRAL_INVALID = 'Invalid referral code used.';

export type Popup =
  | { kind: 'collectible'; field: 'pNFT' | 'pRegisterNFT' | 'pArtNFT'; message: string; item: Collectible }
  | { kind: 'tickets'; fields: NoticeKind[]; newUser: number; referral: number; total: number }
  | { kind: 'referral'; field: 'bReferralCodeUsed' | 'bInvalidReferralCode'; message: string }
  | { kind: 'daily'; day: number; points: number; tickets: number; normalPoints: number; normalTickets: number }
  | { kind: 'reward'; notice: RewardNotice }
  | { kind: 'announcement'; announcement: AnnouncementPopup };

/** The pending-notice fields of pUserData this queue reads. */
export interface PendingNotices {
  pNFT: Collectible | null;
  pRegisterNFT: Collectible | null;
  pArtNFT: Collectible | null;
  iNewUserRaffleTickets: number;
  iReferralRaffleTickets: number;
  bReferralCodeUsed: boolean;
  bInvalidReferralCode: boolean;
  iLoginRewardDay: number;
  iLoginRewardPoints: number;
  iLoginRewardRaffleTickets: number;
  iLoginRewardNormalPoints: number;
  iLoginRewardNormalRaffleTickets: number;
  aRewardNotices?: RewardNotice[];
  /** Operators' announcements (issue 29), after every reward. */
  aAnnouncements?: AnnouncementPopup[];
}

/**
 * docs/product.md §4 popup order after login: demo-completion Agent, registration Agent, Mythopedia,
 * raffle ticket notice, referral error notices, daily login reward.
 */
export function buildPopupQueue(data: PendingNotices): Popup[] {
  const queue: Popup[] = [];
  for (const field of ['pNFT', 'pRegisterNFT', 'pArtNFT'] as const) {
    const item = data[field];
    if (item) queue.push({ kind: 'collectible', field, message: REWARD_WORDING[field], item });
  }
  const newUser = data.iNewUserRaffleTickets;
  const referral = data.iReferralRaffleTickets;
  if (newUser > 0 || referral > 0) {
    const fields: NoticeKind[] = [];
    if (newUser > 0) fields.push('iNewUserRaffleTickets');
    if (referral > 0) fields.push('iReferralRaffleTickets');
    queue.push({ kind: 'tickets', fields, newUser, referral, total: newUser + referral });
  }
  if (data.bReferralCodeUsed) queue.push({ kind: 'referral', field: 'bReferralCodeUsed', message: REFERRAL_USED });
  if (data.bInvalidReferralCode) {
    queue.push({ kind: 'referral', field: 'bInvalidReferralCode', message: REFERRAL_INVALID });
  }
  if (data.iLoginRewardDay > 0) {
    queue.push({
      kind: 'daily',
      day: data.iLoginRewardDay,
      points: data.iLoginRewardPoints,
      tickets: data.iLoginRewardRaffleTickets,
      normalPoints: data.iLoginRewardNormalPoints,
      normalTickets: data.iLoginRewardNormalRaffleTickets,
    });
  }
  for (const notice of data.aRewardNotices ?? []) queue.push({ kind: 'reward', notice });
  for (const announcement of data.aAnnouncements ?? []) queue.push({ kind: 'announcement', announcement });
  return queue;
}

/** The notice kinds to acknowledge when a popup closes. */
export function noticeKindsOfPopup(popup: Popup): NoticeKind[] {
  switch (popup.kind) {
    case 'collectible':
    case 'referral':
      return [popup.field];
    case 'tickets':
      return popup.fields;
    case 'daily':
      return ['iLoginRewardDay'];
    case 'reward':
      return ['aRewardNotices'];
    case 'announcement':
      // Closed with ackAnnouncement, not as a notice.
      return [];
  }
}

/**
 * How far to acknowledge when a popup closes: a reward popup only up to its own notice (the next
 * rewards still show after a reload), every other popup up to the cursor of the queue.
 */
export function ackCursorOf(popup: Popup, cursor: number): number {
  return popup.kind === 'reward' ? popup.notice.iNoticeID : cursor;
}
