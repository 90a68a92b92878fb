/**
 * The rewards contract (docs/product.md "Rewards"): notice kinds in popup order, daily rewards,
 * and the rewards part of pUserData. Request schemas are in rewards.schema.ts (server only).
 */
import type { Collectible } from './collectibles';
import type { Answer } from './wire';

// ── Notices ─────────────────────────────────────────────────────────────────────────────────

/**
 * Notice kinds, named by the pUserData field that carries them, in the docs/product.md §4 popup order.
 * A notice stays in pUserData until ackNotices names its kind.
 */
export const NOTICE_KINDS = [
  'pNFT',
  'pRegisterNFT',
  'pArtNFT',
  'iNewUserRaffleTickets',
  'iReferralRaffleTickets',
  'bReferralCodeUsed',
  'bInvalidReferralCode',
  'iLoginRewardDay',
  'aRewardNotices',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Other pUserData field names that name notices: each daily-reward field, and the ticket total. */
const NOTICE_ALIASES: Record<string, NoticeKind[]> = {
  iLoginRewardPoints: ['iLoginRewardDay'],
  iLoginRewardRaffleTickets: ['iLoginRewardDay'],
  iTotalTickets: ['iNewUserRaffleTickets', 'iReferralRaffleTickets'],
};

/** The notice kinds a pUserData field name stands for (none for an unknown name). */
export function noticeKindsOf(fieldName: string): NoticeKind[] {
  if ((NOTICE_KINDS as readonly string[]).includes(fieldName)) return [fieldName as NoticeKind];
  return Object.hasOwn(NOTICE_ALIASES, fieldName) ? (NOTICE_ALIASES[fieldName] ?? []) : [];
}

/**
 * A reward another capability tells a member about once (a raffle prize, a purchase, a solved
 * curse): shown after the spec's popups, one popup each, in the order they happened.
 */
export interface RewardNotice {
  iNoticeID: number;
  sTitle: string;
  sMessage: string;
  pItem: Collectible | null;
  iPoints: number;
  iTickets: number;
}

export interface AckNoticesAnswer extends Answer {
  iAcknowledged: number;
}

// ── Daily rewards and the rewards part of pUserData ───────────────────────────────────────────

export interface DailyRewardDay {
  iPoints: number;
  iTickets: number;
}

export const DAILY_CYCLE_DAYS = 7;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The reward calendar day of an instant ('YYYY-MM-DD'): UTC shifted by the offset game var, in minutes. */
export function rewardDay(now: number, offsetMinutes: number): string {
  return new Date(now + offsetMinutes * MINUTE).toISOString().slice(0, 10);
}

/** When the reward day after the one of `now` begins: the next daily reward can be claimed from then. */
export function nextRewardDayStart(now: number, offsetMinutes: number): number {
  const shifted = now + offsetMinutes * MINUTE;
  return Math.floor(shifted / DAY) * DAY + DAY - offsetMinutes * MINUTE;
}

/**
 * The member core's fields of pUserData (docs/product.md §3). A type alias, not an interface, so that it
 * stays assignable to Record<string, unknown>.
 */
export type RewardsUserData = {
  /** Pending notice: the demo-completion Agent. */
  pNFT: Collectible | null;
  /** Pending notice: the registration Agent. */
  pRegisterNFT: Collectible | null;
  /** Pending notice: the registration Mythopedia collectible. */
  pArtNFT: Collectible | null;
  /** Pending notices: tickets for registering / for referrals (as new member and as referrer). */
  iNewUserRaffleTickets: number;
  iReferralRaffleTickets: number;
  /** iNewUserRaffleTickets + iReferralRaffleTickets (docs/product.md §9 sample: 1 + 1 = 2). */
  iTotalTickets: number;
  /** Ticket balance. */
  iRaffleTickets: number;
  /** Points balance (extension: the web shows it). */
  iPoints: number;
  bReferralCodeUsed: boolean;
  bInvalidReferralCode: boolean;
  /** Pending daily-reward notice: what was granted today (0 when none is pending). */
  iLoginRewardPoints: number;
  iLoginRewardRaffleTickets: number;
  /** 1-based day of the cycle of the pending daily notice, 0 when none is pending. */
  iLoginRewardDay: number;
  /** The full amounts of that day: above the granted ones in the first cycle (struck through). */
  iLoginRewardNormalPoints: number;
  iLoginRewardNormalRaffleTickets: number;
  /** The member is in the first 7-day cycle: days pay aNewUserDailyRewards. */
  bFirstCycle: boolean;
  /** Today's 1-based day of the cycle, whether or not its notice was acknowledged (0 before any). */
  iDailyRewardDay: number;
  /** Pending rewards from other capabilities (raffle prizes, purchases…), oldest first. */
  aRewardNotices: RewardNotice[];
  /** The newest pending notice id: pass it to ackNotices as iUpToNoticeID. */
  iNoticeCursor: number;
};
