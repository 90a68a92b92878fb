import type { Selectable } from 'kysely';
import type { RaffleStatus } from '../../../protocol/raffle';
import { chunks, readInPages, rowsPerInsert } from '../../shared/batches';
import type { PrizeRow } from './prizes';
import type { RaffleDb, RaffleTable, RaffleWinnerTable } from './tables';

/** Reads and writes of raffle rows; the transitions that change a raffle's state are in lifecycle.ts. */
export type RaffleRow = Selectable<RaffleTable>;
export type WinnerRow = Selectable<RaffleWinnerTable>;

/** bigint columns arrive as numbers on both dialects (db/index.ts); ids are normalised here once. */
function normalise(row: RaffleRow): RaffleRow {
  return { ...row, id: Number(row.id) };
}

const PRIZE_COLUMNS = 9;

export async function insertRaffle(
  db: RaffleDb,
  raffle: Pick<
    RaffleTable,
    'title' | 'opens_at' | 'closes_at' | 'schedule_key' | 'entrant_salt' | 'beacon' | 'created_by' | 'created_at'
  >,
  prizes: readonly PrizeRow[],
): Promise<number | null> {
  const inserted = await db
    .insertInto('raffle')
    .values({ ...raffle, status: 'scheduled', entrant_count: 0, ticket_total: 0 })
    // A second instance scheduling the same week finds the key taken: nothing to do.
    .onConflict((oc) => oc.column('schedule_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const raffleId = Number(inserted.id);
  for (const page of chunks(prizes, rowsPerInsert(PRIZE_COLUMNS))) {
    await db
      .insertInto('raffle_prize')
      .values(page.map((prize) => ({ ...prize, raffle_id: raffleId })))
      .execute();
  }
  return raffleId;
}

export async function findRaffle(db: RaffleDb, raffleId: number): Promise<RaffleRow | undefined> {
  const row = await db.selectFrom('raffle').selectAll().where('id', '=', raffleId).executeTakeFirst();
  return row && normalise(row);
}

export async function findRaffleByScheduleKey(db: RaffleDb, key: string): Promise<RaffleRow | undefined> {
  const row = await db.selectFrom('raffle').selectAll().where('schedule_key', '=', key).executeTakeFirst();
  return row && normalise(row);
}

export async function findOpenRaffle(db: RaffleDb): Promise<RaffleRow | undefined> {
  const row = await db.selectFrom('raffle').selectAll().where('status', '=', 'open').executeTakeFirst();
  return row && normalise(row);
}

/** The latest raffle whose seed is revealed (drawing or drawn). */
export async function findLatestDrawn(db: RaffleDb): Promise<RaffleRow | undefined> {
  const row = await db
    .selectFrom('raffle')
    .selectAll()
    .where('status', 'in', ['drawing', 'drawn'])
    .orderBy('drawn_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && normalise(row);
}

/** The next raffle to open after `now`, if one is scheduled. */
export async function findNextScheduled(db: RaffleDb, now: number): Promise<RaffleRow | undefined> {
  const row = await db
    .selectFrom('raffle')
    .selectAll()
    .where('status', '=', 'scheduled')
    .where('opens_at', '>', now)
    .orderBy('opens_at')
    .executeTakeFirst();
  return row && normalise(row);
}

export async function listRafflesByStatus(db: RaffleDb, statuses: readonly RaffleStatus[]): Promise<RaffleRow[]> {
  const rows = await db.selectFrom('raffle').selectAll().where('status', 'in', statuses).orderBy('id').execute();
  return rows.map(normalise);
}

/** Newest first; `statuses` to filter, `beforeId` for the next page. */
export async function listRaffles(
  db: RaffleDb,
  options: { statuses?: readonly RaffleStatus[]; beforeId?: number; limit: number; offset?: number },
): Promise<RaffleRow[]> {
  let query = db.selectFrom('raffle').selectAll();
  if (options.statuses) query = query.where('status', 'in', options.statuses);
  if (options.beforeId !== undefined) query = query.where('id', '<', options.beforeId);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map(normalise);
}

export async function listPrizes(db: RaffleDb, raffleIds: readonly number[]): Promise<Map<number, PrizeRow[]>> {
  const byRaffle = new Map<number, PrizeRow[]>(raffleIds.map((id) => [id, []]));
  if (raffleIds.length === 0) return byRaffle;
  const rows = await readInPages(raffleIds, (page) =>
    db
      .selectFrom('raffle_prize')
      .selectAll()
      .where('raffle_id', 'in', page)
      .orderBy('raffle_id')
      .orderBy('position')
      .execute(),
  );
  for (const { raffle_id, ...prize } of rows) {
    byRaffle.get(Number(raffle_id))?.push({ ...prize, amount: Number(prize.amount) });
  }
  return byRaffle;
}

export async function listWinners(db: RaffleDb, raffleIds: readonly number[]): Promise<Map<number, WinnerRow[]>> {
  const byRaffle = new Map<number, WinnerRow[]>(raffleIds.map((id) => [id, []]));
  if (raffleIds.length === 0) return byRaffle;
  const rows = await readInPages(raffleIds, (page) =>
    db
      .selectFrom('raffle_winner')
      .selectAll()
      .where('raffle_id', 'in', page)
      .orderBy('raffle_id')
      .orderBy('pick')
      .execute(),
  );
  for (const row of rows) byRaffle.get(Number(row.raffle_id))?.push({ ...row, raffle_id: Number(row.raffle_id) });
  return byRaffle;
}

/** The member's entry in each of these raffles. */
export async function memberEntries(
  db: RaffleDb,
  userId: string,
  raffleIds: readonly number[],
): Promise<Map<number, { entrantId: string; tickets: number }>> {
  if (raffleIds.length === 0) return new Map();
  const rows = await readInPages(raffleIds, (page) =>
    db
      .selectFrom('raffle_entry')
      .select(['raffle_id', 'entrant_id', 'tickets'])
      .where('user_id', '=', userId)
      .where('raffle_id', 'in', page)
      .execute(),
  );
  return new Map(rows.map((r) => [Number(r.raffle_id), { entrantId: r.entrant_id, tickets: Number(r.tickets) }]));
}

/** A page of a raffle's entries, first entered first (the console's list; members see the frozen list). */
export async function listEntries(db: RaffleDb, raffleId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('raffle_entry')
    .select(['user_id', 'entrant_id', 'tickets', 'created_at', 'refunded_at'])
    .where('raffle_id', '=', raffleId)
    .orderBy('created_at')
    .orderBy('user_id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({ ...row, tickets: Number(row.tickets), created_at: Number(row.created_at) }));
}

/**
 * The raffles an operator has to know of today (the console's overview, issue 38): the open one,
 * the next scheduled one, and those closed by hand and held for review.
 */
export async function rafflesAhead(db: RaffleDb, now: number) {
  const [open, next, closed] = await Promise.all([
    findOpenRaffle(db),
    findNextScheduled(db, now),
    listRafflesByStatus(db, ['closed']),
  ]);
  const brief = (row: RaffleRow | undefined) =>
    row ? { id: row.id, title: row.title, opensAt: Number(row.opens_at), closesAt: Number(row.closes_at) } : null;
  return {
    open: brief(open),
    next: brief(next),
    heldForReview: closed.filter((row) => Number(row.review_hold) === 1).length,
  };
}
