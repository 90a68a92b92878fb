/**
 * The raffle contract (docs/product.md §12): raffles, prizes, entries, winners and the published
 * draw. Types and pure helpers both sides use; the draw itself is raffleDraw.ts (docs/raffle-draw.md)
 * and the request schemas are raffle.schema.ts (server only). The web derives bRaffleStarted from
 * pRaffleDrawInfo.bActive (docs/product.md §3).
 */
import type { DrawEntry, DrawPrize, MerkleProof, PublishedDraw } from './raffleDraw';
import type { Answer } from './wire';

/**
 * scheduled → open (commitment published) → closed (entry list and root published) → drawing
 * (seed revealed, winners fixed, prizes on their way) → drawn. Cancelled from scheduled, open or
 * closed, every entry refunded.
 */
export const RAFFLE_STATUSES = ['scheduled', 'open', 'closed', 'drawing', 'drawn', 'cancelled'] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];

export type RafflePrizeKind = 'item' | 'points' | 'tickets';

export interface RafflePrize {
  /** Stable within its raffle ('prize-1' …): the draw's prize list names prizes by it. */
  sPrizeID: string;
  sKind: RafflePrizeKind;
  /** The collectible's name, or e.g. "250 points", "3 raffle tickets". */
  sName: string;
  /** The collectible template of an item prize ('' otherwise). */
  sTemplateID: string;
  /** Points or tickets per unit (1 for an item). */
  iAmount: number;
  /** Units of this prize: that many winners get it. */
  iQuantity: number;
  /** Art URL; '' lets the web draw the prize's emblem. */
  sImage: string;
}

export interface RaffleWinner {
  /** 1-based: the order of the draw. */
  iPick: number;
  sEntrantID: string;
  sUserName: string;
  sPrizeID: string;
  /** True for the member asking. */
  bYou: boolean;
}

export interface RaffleSummary {
  iRaffleID: number;
  sTitle: string;
  sStatus: RaffleStatus;
  /** Epoch milliseconds. */
  iOpensAt: number;
  iClosesAt: number;
  /** When the seed was revealed and the winners drawn (0 until then). */
  iDrawnAt: number;
  iEntrantCount: number;
  iTicketTotal: number;
  aPrizes: RafflePrize[];
  /** In pick order; empty until drawn. */
  aWinners: RaffleWinner[];
  /** The asking member's tickets in this raffle. */
  iYourTickets: number;
}

/** A drand round committed to at opening (docs/raffle-draw.md §8); signature and randomness once drawn. */
export interface RaffleBeacon {
  iRound: number;
  /** Unix milliseconds at which the round is published. */
  iRoundAt: number;
  sSignature: string;
  sRandomness: string;
}

export interface RaffleDetail extends RaffleSummary {
  /** sha256(seed), published at opening ('' while scheduled). */
  sCommitment: string;
  /** Merkle root of the entry list, published at close ('' before). */
  sRoot: string;
  /** Revealed at the draw ('' before). */
  sSeed: string;
  pBeacon: RaffleBeacon | null;
  /** The asking member's entry (their opaque per-raffle id and tickets), or null. */
  pYourEntry: DrawEntry | null;
}

/** pUserData.pRaffleDrawInfo: the raffle open for entries, if any, and the member's part in it. */
export type RaffleDrawInfo =
  | {
      bActive: false;
      /** When the next raffle opens, if one is scheduled (0 when unknown). */
      iNextOpensAt: number;
    }
  | {
      bActive: true;
      iRaffleID: number;
      sTitle: string;
      iOpensAt: number;
      iClosesAt: number;
      aPrizes: RafflePrize[];
      iEntrantCount: number;
      iTicketTotal: number;
      /** The member's tickets in it and their opaque entrant id ('' before they enter). */
      iEntryTickets: number;
      sEntrantID: string;
      /** sha256(seed): the seed is revealed at the draw. */
      sCommitment: string;
      /** The drand round the draw will mix in, or 0 without a beacon. */
      iBeaconRound: number;
    };

/** The raffle part of pUserData. */
export type RaffleUserData = {
  pRaffleDrawInfo: RaffleDrawInfo;
};

/** docs/product.md §3: bRaffleStarted is derived from pRaffleDrawInfo.bActive. */
export function raffleStarted(info: RaffleDrawInfo | undefined): boolean {
  return info?.bActive === true;
}

// ── Entering ────────────────────────────────────────────────────────────────────────────────

/** A client idempotency key: one per intended entry, reused on a retry. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** Most tickets one request may enter (a member's whole balance fits many times over). */
export const MAX_ENTRY_TICKETS = 1_000_000;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

/** portal/getRaffles: raffles that opened, newest first, a page at a time. */
export interface RafflesAnswer extends Answer {
  aRaffles: RaffleSummary[];
  /** Pass the last iRaffleID as iBeforeID for the next page. */
  bMore: boolean;
}

/** portal/getRaffle: one raffle with everything published so far. */
export interface RaffleAnswer extends Answer {
  pRaffle: RaffleDetail;
}

/** portal/getRaffleEntries: the frozen entry list in canonical order, from close on. */
export interface RaffleEntriesAnswer extends Answer {
  sRoot: string;
  aEntries: DrawEntry[];
}

/** portal/getRaffleProof: the Merkle path of the asking member's own entry. */
export interface RaffleProofAnswer extends Answer {
  sRoot: string;
  pEntry: DrawEntry;
  pProof: MerkleProof;
}

/** portal/enterRaffle: the member's tickets in the raffle and left in hand afterwards. */
export interface EnterRaffleAnswer extends Answer {
  iEntryTickets: number;
  iRaffleTickets: number;
}

// ── The published draw ──────────────────────────────────────────────────────────────────────

/** The draw's prize list: prize ids and units, in the raffle's order (picks map onto it). */
export function drawPrizeList(prizes: readonly RafflePrize[]): DrawPrize[] {
  return prizes.map((prize) => ({ sPrizeID: prize.sPrizeID, iQuantity: prize.iQuantity }));
}

/**
 * Everything a drawn raffle published, in the shape verifyDraw replays (docs/raffle-draw.md §9).
 * The winners' usernames are not part of it: only their entrant ids and picks.
 */
export function publishedDraw(raffle: RaffleDetail, entries: readonly DrawEntry[]): PublishedDraw {
  const prizeList = drawPrizeList(raffle.aPrizes);
  const published: PublishedDraw = {
    commitmentHex: raffle.sCommitment,
    seedHex: raffle.sSeed,
    rootHex: raffle.sRoot,
    entries,
    prizes: prizeList.reduce((sum, prize) => sum + prize.iQuantity, 0),
    winners: raffle.aWinners.map((winner) => ({ sEntrantID: winner.sEntrantID, iPick: winner.iPick })),
    prizeList,
  };
  if (raffle.pBeacon) {
    published.beaconHex = raffle.pBeacon.sRandomness;
    published.drandRound = { round: raffle.pBeacon.iRound, signature: raffle.pBeacon.sSignature };
  }
  return published;
}

/** The prize a pick won, by the raffle's prize list. */
export function prizeOf(raffle: Pick<RaffleSummary, 'aPrizes'>, sPrizeID: string): RafflePrize | undefined {
  return raffle.aPrizes.find((prize) => prize.sPrizeID === sPrizeID);
}
