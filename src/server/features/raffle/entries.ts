import { createHmac } from 'node:crypto';
import { ErrorCode, type ErrorCodeValue } from '../../../protocol/errors';
import { canonicalEntries, type DrawEntry } from '../../../protocol/raffleDraw';
import { inTransaction } from '../../shared/transaction';
import { applyGrant, LedgerError, ledgerAfter } from '../rewards/index';
import type { RaffleRow } from './raffles';
import type { RaffleDb } from './tables';

/**
 * Entering a raffle (docs/product.md §12): tickets move from the member's balance into the open
 * raffle through the ledger; an entry only grows. The frozen list is read back in canonical order.
 */

/** The opaque per-raffle id of a member: HMAC of their user id under the raffle's secret salt. */
export function entrantIdOf(salt: string, userId: string): string {
  return createHmac('sha256', salt).update(userId).digest('hex').slice(0, 16);
}

export type EnterOutcome =
  | {
      ok: true;
      entryTickets: number;
      applied: boolean;
      /** A replay's tickets in hand as they were right after the first entry (its first answer). */
      ticketsAfter?: number;
    }
  | { ok: false; code: ErrorCodeValue };

/** Thrown inside the transaction to undo it when the idempotency key was used before. */
class AlreadyEntered extends Error {
  /** True when the key's first entry had another number of tickets: refused, not answered again. */
  constructor(readonly keyReused: boolean) {
    super('idempotency key used before');
  }
}

/**
 * Moves `tickets` of the member's tickets into the raffle, once per idempotency key: the key sent
 * again with the same tickets answers the entry as it stands, with other tickets RAFFLE_KEY_REUSED
 * (like the store's PURCHASE_KEY_REUSED). A key belongs to one raffle. The raffle row
 * is locked first (its conditional UPDATE), so a close or a cancel waits for this entry or refuses
 * it, and entries, refunds and the draw always agree on the list.
 */
export async function enterRaffle(
  db: RaffleDb,
  entry: { raffle: RaffleRow; userId: string; tickets: number; key: string; now: number },
): Promise<EnterOutcome> {
  const { raffle, userId, tickets, now } = entry;
  const keyPrefix = `raffle:${raffle.id}:enter:${userId}:`;
  const ledgerKey = `${keyPrefix}${entry.key}`;
  try {
    return await inTransaction(db, async (trx) => {
      const opened = await trx
        .updateTable('raffle')
        .set((eb) => ({ ticket_total: eb('ticket_total', '+', tickets) }))
        .where('id', '=', raffle.id)
        .where('status', '=', 'open')
        .where('closes_at', '>', now)
        .executeTakeFirst();
      if (Number(opened.numUpdatedRows) !== 1) return { ok: false, code: await refusalCode(trx, raffle.id) };

      const spent = await applyGrant(trx, {
        userId,
        key: ledgerKey,
        reason: 'raffle entry',
        lines: [{ asset: 'tickets', amount: -tickets }],
        now,
      });
      if (!spent.applied) throw new AlreadyEntered(spent.keyReused);

      const grown = await trx
        .updateTable('raffle_entry')
        .set((eb) => ({ tickets: eb('tickets', '+', tickets), updated_at: now }))
        .where('raffle_id', '=', raffle.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(grown.numUpdatedRows) === 0) {
        // No one else can add this member's first entry meanwhile: every entry holds the raffle row.
        await trx
          .insertInto('raffle_entry')
          .values({
            raffle_id: raffle.id,
            user_id: userId,
            entrant_id: entrantIdOf(raffle.entrant_salt, userId),
            tickets,
            created_at: now,
            updated_at: now,
            refunded_at: null,
          })
          .execute();
        await trx
          .updateTable('raffle')
          .set((eb) => ({ entrant_count: eb('entrant_count', '+', 1) }))
          .where('id', '=', raffle.id)
          .execute();
      }
      return { ok: true, entryTickets: await entryTickets(trx, raffle.id, userId), applied: true };
    });
  } catch (error) {
    if (error instanceof AlreadyEntered) {
      if (error.keyReused) return { ok: false, code: ErrorCode.RAFFLE_KEY_REUSED };
      // The first answer again: the entry and the tickets in hand right after that key's entry.
      const first = await ledgerAfter(db, { userId, key: ledgerKey, keyPrefix });
      if (!first) return { ok: true, entryTickets: await entryTickets(db, raffle.id, userId), applied: false };
      return { ok: true, entryTickets: -first.ticketsUnderPrefix, ticketsAfter: first.tickets, applied: false };
    }
    if (error instanceof LedgerError && error.reason === 'not-enough') {
      return { ok: false, code: ErrorCode.NOT_ENOUGH_TICKETS };
    }
    throw error;
  }
}

async function refusalCode(db: RaffleDb, raffleId: number) {
  const row = await db.selectFrom('raffle').select('status').where('id', '=', raffleId).executeTakeFirst();
  return row?.status === 'scheduled' ? ErrorCode.RAFFLE_NOT_OPEN : ErrorCode.RAFFLE_CLOSED;
}

export async function entryTickets(db: RaffleDb, raffleId: number, userId: string): Promise<number> {
  const row = await db
    .selectFrom('raffle_entry')
    .select('tickets')
    .where('raffle_id', '=', raffleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.tickets ?? 0);
}

/** The raffle's entries in canonical order (docs/raffle-draw.md §3), with whose each one is. */
export async function loadEntries(
  db: RaffleDb,
  raffleId: number,
): Promise<{ entries: DrawEntry[]; userOf: Map<string, string> }> {
  const rows = await db
    .selectFrom('raffle_entry')
    .select(['entrant_id', 'user_id', 'tickets'])
    .where('raffle_id', '=', raffleId)
    .execute();
  const entries = canonicalEntries(rows.map((r) => ({ sEntrantID: r.entrant_id, iTickets: Number(r.tickets) })));
  return { entries, userOf: new Map(rows.map((r) => [r.entrant_id, r.user_id])) };
}

const FROZEN_CACHE_SIZE = 4;
const frozenCache = new WeakMap<object, Map<number, DrawEntry[]>>();

/**
 * The published entry list of a closed raffle. It never changes after close, so the last few are
 * remembered per database: viewers of a large draw do not read every row again.
 */
export async function frozenEntries(db: RaffleDb, raffleId: number): Promise<DrawEntry[]> {
  let cache = frozenCache.get(db);
  if (!cache) {
    cache = new Map();
    frozenCache.set(db, cache);
  }
  const cached = cache.get(raffleId);
  if (cached) return cached;
  const { entries } = await loadEntries(db, raffleId);
  if (cache.size >= FROZEN_CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  cache.set(raffleId, entries);
  return entries;
}
