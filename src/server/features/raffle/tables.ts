import type { Generated } from 'kysely';
import type { RafflePrizeKind, RaffleStatus } from '../../../protocol/raffle';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the raffle capability (docs/product.md §12). Timestamps are epoch milliseconds. A raffle
 * row changes state only by a conditional UPDATE (… WHERE status = 'the state it leaves'), so a
 * transition happens once however many workers try it.
 */
export interface RaffleTable {
  id: Generated<number>;
  title: string;
  status: RaffleStatus;
  opens_at: number;
  closes_at: number;
  /** The week of an automatically scheduled raffle ('2026-01-05'); null for an operator's. Unique. */
  schedule_key: string | null;
  /** Secret until the draw: 32 bytes hex, chosen at opening. */
  seed_hex: string | null;
  /** sha256(seed), published at opening. */
  commitment_hex: string | null;
  /** Never published: the HMAC key that turns a user id into this raffle's opaque entrant id. */
  entrant_salt: string;
  /** Merkle root of the frozen entry list, published at close. */
  root_hex: string | null;
  entrant_count: number;
  ticket_total: number;
  /** Whether the draw mixes in a drand round (chosen when created; the round is fixed at opening). */
  beacon: number;
  drand_round: number | null;
  drand_signature: string | null;
  beacon_hex: string | null;
  created_by: string;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  /** When the seed was revealed and the winners fixed. */
  drawn_at: number | null;
  /** When every prize (or, cancelled, every refund) was delivered. */
  settled_at: number | null;
  cancelled_at: number | null;
  /** The last entrant (user id) whose result was delivered ('' before the first page; results.ts). */
  results_cursor: Generated<string>;
  results_delivered: Generated<number>;
  /** When every entrant had their result; null while the delivery goes on. */
  results_at: number | null;
  /** 1: closed by an operator's hand, held for review until an operator draws (the job never draws it). */
  review_hold: Generated<number>;
}

/** A raffle's prizes in draw order: picks 1…q1 win the first, the next q2 the second, and so on. */
export interface RafflePrizeTable {
  raffle_id: number;
  position: number;
  prize_id: string;
  kind: RafflePrizeKind;
  template_id: string | null;
  /** Points or tickets per unit; 1 for an item. */
  amount: number;
  quantity: number;
  /** Snapshots at creation, so a past raffle keeps its look. */
  name: string;
  /** A media reference (path under /media/ or an absolute URL), or ''. */
  image: string;
}

/** One row per member and raffle; tickets only grow while the raffle is open. */
export interface RaffleEntryTable {
  raffle_id: number;
  user_id: string;
  entrant_id: string;
  tickets: number;
  created_at: number;
  updated_at: number;
  /** Set when a cancelled raffle gave the tickets back. */
  refunded_at: number | null;
}

export interface RaffleWinnerTable {
  raffle_id: number;
  pick: number;
  entrant_id: string;
  user_id: string;
  prize_id: string;
  /** Set in the transaction that delivers the prize through the ledger. */
  delivered_at: number | null;
}

export interface RaffleTables {
  raffle: RaffleTable;
  raffle_prize: RafflePrizeTable;
  raffle_entry: RaffleEntryTable;
  raffle_winner: RaffleWinnerTable;
}

/** The raffle capability's handle: its tables and the platform's. */
export type RaffleDb = CapabilityDb<RaffleTables>;
