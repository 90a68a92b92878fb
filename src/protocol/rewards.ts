/**
 * The member core's wire contract (SPEC §3, DESIGN.md §4): the rewards part of pUserData, the
 * collectible shape of the viewer, notice kinds, and the inputs of the rewards and collectibles
 * actions. No I/O: the web imports the types, the server validates with the schemas.
 */
import { z } from 'zod';
import { type Answer, formInt } from './actions';
import type { GameVarEntry } from './gameVars';

/**
 * The Agents collection. SPEC §2 highlights the Agents link when sCollectionID equals the agent
 * template id, so the collection id and sAgentTemplateID are the same string.
 */
export const AGENT_COLLECTION_ID = 'agent';
export const MYTHOPEDIA_COLLECTION_ID = 'mythopedia';

// ── Collectibles ────────────────────────────────────────────────────────────────────────────

/** One trait with its rarity: iCount items of the collection share this value, out of iTotal. */
export interface CollectibleAttribute {
  trait_type: string;
  value: string | number;
  iCount: number;
  iTotal: number;
}

export interface PublicMetadata {
  name: string;
  /** Markdown. */
  description: string;
  image: string;
  image_url: string;
  animation_url: string;
  animation_url_mime_type: string;
  attributes: CollectibleAttribute[];
}

/** A collectible as the viewer shows it (SPEC §3). */
export interface Collectible {
  sItemID: string;
  sCollectionID: string;
  sTemplateID: string;
  publicMetadata: PublicMetadata;
  /** Absent until the mint queue assigns one: the viewer then shows "Minting...". */
  blockchainTokenId?: string;
  iCreatedAt: number;
}

export interface CollectionInfo {
  sCollectionID: string;
  sName: string;
  /** Markdown. */
  sDescription: string;
  iSort: number;
}

/** getInventory: one collection of the member's items. */
export interface InventoryCollection extends CollectionInfo {
  iCount: number;
  aItems: Collectible[];
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const sItemID = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,14}$/, 'sItemID is a positive number.');
const sCollectionID = z.string().trim().toLowerCase().regex(ID_PATTERN, 'Unknown collection.');

export const getInventoryInput = z.object({});
export interface InventoryAnswer extends Answer {
  sContractAddress: string;
  iPoints: number;
  iRaffleTickets: number;
  aCollections: InventoryCollection[];
}

export const getCollectionInput = z.object({ sCollectionID });
export interface CollectionAnswer extends Answer {
  sContractAddress: string;
  pCollection: CollectionInfo & { iTotal: number };
  aItems: Collectible[];
}

export const getItemInput = z.object({ sItemID });
export const getPublicItemInput = z.object({ sItemID });
export interface ItemAnswer extends Answer {
  sContractAddress: string;
  pItem: Collectible;
}

export const getCollectionsInput = z.object({});
export interface CollectionsAnswer extends Answer {
  aCollections: Array<CollectionInfo & { iTotal: number }>;
}

// ── Notices ─────────────────────────────────────────────────────────────────────────────────

/**
 * Notice kinds, named by the pUserData field that carries them, in the SPEC §4 popup order.
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

export const ackNoticesInput = z.object({
  /** Comma list of pUserData field names, e.g. "pRegisterNFT,iNewUserRaffleTickets". */
  sKinds: z
    .string()
    .max(500)
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => noticeKindsOf(name).length === 0);
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown notice kind: ${unknown.join(',') || '(none)'}` });
        return z.NEVER;
      }
      return [...new Set(names.flatMap(noticeKindsOf))];
    }),
  /** Acknowledge only notices up to this id (pUserData.iNoticeCursor), so one created since stays. */
  iUpToNoticeID: formInt.optional(),
});
export interface AckNoticesAnswer extends Answer {
  iAcknowledged: number;
}

// ── Daily rewards and the rewards part of pUserData ───────────────────────────────────────────

export interface DailyRewardDay {
  iPoints: number;
  iTickets: number;
}

export const DAILY_CYCLE_DAYS = 7;

export const dailyRewardsSchema = z
  .array(z.object({ iPoints: z.number().int().min(0), iTickets: z.number().int().min(0) }))
  .length(DAILY_CYCLE_DAYS);

export interface RaffleDrawInfo {
  bActive: boolean;
}

/**
 * The member core's fields of pUserData (SPEC §3). A type alias, not an interface, so that it
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
  /** iNewUserRaffleTickets + iReferralRaffleTickets (SPEC §9 sample: 1 + 1 = 2). */
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
  pRaffleDrawInfo: RaffleDrawInfo;
  aGameVars: GameVarEntry[];
  /** The newest pending notice id: pass it to ackNotices as iUpToNoticeID. */
  iNoticeCursor: number;
};
