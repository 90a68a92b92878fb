import type { Collectible, NoticeKind } from '../../../protocol/rewards';

/** SPEC §9 reward wording. */
export const REWARD_WORDING = {
  pNFT: 'You received a free Digital Collectible: Agent for beating the M1 Demo!',
  pRegisterNFT: 'You received a free Digital Collectible: Agent just for registering as a Member!',
  pArtNFT: 'You received a free Digital Collectible: Mythopedia for registering!',
} as const;

/** SPEC §8 referral notices (two spaces after the first sentence, as the spec writes it). */
export const REFERRAL_USED =
  'Sorry, you have already used a referral code previously.  Only one use of referral code is accepted.';
export const REFERRAL_INVALID = 'Invalid referral code used.';

export type Popup =
  | { kind: 'collectible'; field: 'pNFT' | 'pRegisterNFT' | 'pArtNFT'; message: string; item: Collectible }
  | { kind: 'tickets'; fields: NoticeKind[]; newUser: number; referral: number; total: number }
  | { kind: 'referral'; field: 'bReferralCodeUsed' | 'bInvalidReferralCode'; message: string }
  | { kind: 'daily'; day: number; points: number; tickets: number; normalPoints: number; normalTickets: number };

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
}

/**
 * SPEC §4 popup order after login: demo-completion Agent, registration Agent, Mythopedia,
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
  }
}
