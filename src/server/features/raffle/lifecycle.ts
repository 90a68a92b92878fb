import { randomBytes } from 'node:crypto';
import type { DrandRound } from '../../../protocol/drand';
import { drawPrizeList } from '../../../protocol/raffle';
import type { PrizeSpec } from '../../../protocol/raffle.schema';
import { assignPrizes, commitment, drawWinners, merkleRoot, prizeUnits } from '../../../protocol/raffleDraw';
import { writeAudit } from '../../shared/audit';
import { chunks, rowsPerInsert } from '../../shared/batches';
import { inTransaction } from '../../shared/transaction';
import { applyGrant, notifyReward } from '../rewards/index';
import { beaconRoundFor, checkBeacon } from './beacon';
import { loadEntries } from './entries';
import { type PrizeRow, prizeGrantLines, prizeView, resolvePrizes, UnknownTemplateError } from './prizes';
import { findOpenRaffle, findRaffle, insertRaffle, listPrizes, type RaffleRow } from './raffles';
import { deliverResults } from './results';
import type { RaffleDb } from './tables';

/**
 * The raffle's life (docs/product.md §12, docs/raffle-draw.md §1): create → open (commit to the
 * seed) → close (freeze and publish the entries and their root) → draw (reveal the seed, fix the
 * winners) → deliver the prizes; or cancel and refund. Each transition is one conditional UPDATE on
 * the state it leaves, so however many workers try it (two instances, the job and an operator), it
 * happens once; delivery and refunds are resumable steps with their own ledger keys.
 */
export type Transition =
  | { done: true; raffle: RaffleRow }
  /** `missing`: there is no such raffle (else the raffle is not in a state that allows it). */
  | { done: false; reason: string; missing?: true };

export interface Who {
  now: number;
  /** For the audit log: `cli:<user>`, `console:<email>` or `job:raffle`. */
  actor: string;
  /** Why (the console asks; the CLI's --reason): kept in the audit row when given. */
  reason?: string;
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

const refused = (reason: string): Transition => ({ done: false, reason });
const noRaffle = (raffleId: number): Transition => ({ done: false, reason: `No raffle ${raffleId}`, missing: true });
/** The operator's reason, spread into an audit detail. */
const why = (who: Who) => (who.reason ? { reason: who.reason } : {});

async function reload(db: RaffleDb, raffleId: number): Promise<Transition> {
  const raffle = await findRaffle(db, raffleId);
  return raffle ? { done: true, raffle } : noRaffle(raffleId);
}

// ── Create ──────────────────────────────────────────────────────────────────────────────────

export interface NewRaffle {
  title: string;
  opensAt: number;
  closesAt: number;
  prizes: readonly PrizeSpec[];
  /** Mix a drand round into the draw (docs/raffle-draw.md §8). */
  beacon: boolean;
  /** The week of an automatic raffle; a second one for the same key is not created. */
  scheduleKey?: string;
}

/** A scheduled raffle with its prizes; null when the schedule key exists already. Throws on an unknown template. */
export async function createRaffle(db: RaffleDb, raffle: NewRaffle, who: Who): Promise<number | null> {
  if (!(raffle.closesAt > raffle.opensAt)) throw new Error('A raffle must close after it opens');
  return inTransaction(db, async (trx) => {
    const prizes = await resolvePrizes(trx, raffle.prizes);
    const id = await insertRaffle(
      trx,
      {
        title: raffle.title,
        opens_at: raffle.opensAt,
        closes_at: raffle.closesAt,
        schedule_key: raffle.scheduleKey ?? null,
        entrant_salt: randomHex(32),
        beacon: raffle.beacon ? 1 : 0,
        created_by: who.actor,
        created_at: who.now,
      },
      prizes,
    );
    if (id !== null) {
      await writeAudit(trx, {
        actor: who.actor,
        action: 'raffle.create',
        detail: {
          raffleId: id,
          title: raffle.title,
          opensAt: raffle.opensAt,
          closesAt: raffle.closesAt,
          prizes,
          ...why(who),
        },
        at: who.now,
      });
    }
    return id;
  });
}

/** Why an operator's raffle was not scheduled: the words say it, `problem` names it for a code. */
export type ScheduleOutcome =
  | { done: true; raffleId: number }
  | { done: false; problem: 'order' | 'past' | 'title' | 'unknown-template'; reason: string };

/**
 * An operator's raffle (the CLI's `raffle create`, the console's raffleCreate): checks the title
 * and the times, then createRaffle. An unknown prize template is refused, not thrown.
 */
export async function scheduleRaffle(
  db: RaffleDb,
  raffle: Omit<NewRaffle, 'scheduleKey'>,
  who: Who,
): Promise<ScheduleOutcome> {
  const title = raffle.title.trim();
  if (title.length < 1 || title.length > 200)
    return { done: false, problem: 'title', reason: 'The title must be 1–200 characters' };
  if (raffle.closesAt <= who.now)
    return { done: false, problem: 'past', reason: 'The raffle must close in the future' };
  if (raffle.closesAt <= raffle.opensAt)
    return { done: false, problem: 'order', reason: 'The raffle must close after it opens' };
  try {
    const id = await createRaffle(db, { ...raffle, title }, who);
    // Only a weekly raffle has a schedule key that can clash; an operator's always inserts.
    return { done: true, raffleId: id as number };
  } catch (error) {
    if (error instanceof UnknownTemplateError)
      return { done: false, problem: 'unknown-template', reason: error.message };
    throw error;
  }
}

// ── Open: commit to a secret seed ───────────────────────────────────────────────────────────

/** Opens a scheduled raffle now (early, if an operator asks): a fresh secret seed, its commitment published. */
export async function openRaffle(db: RaffleDb, raffleId: number, who: Who): Promise<Transition> {
  const raffle = await findRaffle(db, raffleId);
  if (!raffle) return noRaffle(raffleId);
  if (raffle.status !== 'scheduled') return refused(`Raffle ${raffleId} is ${raffle.status}, not scheduled`);
  // Issue 38: say which raffle is in the way (the update below still guards a race).
  const other = await findOpenRaffle(db);
  if (other) {
    return refused(
      `Raffle ${raffleId} cannot open while raffle ${other.id} "${other.title}" is open: only one raffle is open at a time; close or cancel raffle ${other.id} first`,
    );
  }
  if (raffle.closes_at <= who.now) return refused(`Raffle ${raffleId} would close before it opens`);
  const seed = randomHex(32);
  return inTransaction(db, async (trx) => {
    const opened = await trx
      .updateTable('raffle')
      .set({
        status: 'open',
        seed_hex: seed,
        commitment_hex: commitment(seed),
        opens_at: Math.min(raffle.opens_at, who.now),
        opened_at: who.now,
        drand_round: raffle.beacon ? beaconRoundFor(raffle.closes_at) : null,
      })
      .where('id', '=', raffleId)
      .where('status', '=', 'scheduled')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('raffle as other').select('other.id').where('other.status', '=', 'open'))),
      )
      .executeTakeFirst();
    if (Number(opened.numUpdatedRows) !== 1)
      return refused(`Raffle ${raffleId} was not opened (another raffle is open, or it moved on)`);
    await writeAudit(trx, {
      actor: who.actor,
      action: 'raffle.open',
      detail: { raffleId, commitment: commitment(seed), ...why(who) },
      at: who.now,
    });
    return reload(trx, raffleId);
  });
}

// ── Close: freeze and publish the entry list ────────────────────────────────────────────────

/**
 * Closes an open raffle now and publishes the Merkle root of its entries (docs/raffle-draw.md §4).
 * Closed by an operator (`raffle close`, the console), it is held for review: the job leaves it
 * closed until an operator draws it (decision 0227). The job's own close (`forReview: false`) is
 * drawn by the job.
 */
export async function closeRaffle(
  db: RaffleDb,
  raffleId: number,
  who: Who,
  options: { forReview?: boolean } = {},
): Promise<Transition> {
  const hold = options.forReview === false ? 0 : 1;
  const raffle = await findRaffle(db, raffleId);
  if (!raffle) return noRaffle(raffleId);
  return inTransaction(db, async (trx) => {
    // First, so that an entry in flight either commits before the list is read or is refused.
    const closed = await trx
      .updateTable('raffle')
      .set({ status: 'closed', closed_at: who.now, closes_at: Math.min(raffle.closes_at, who.now), review_hold: hold })
      .where('id', '=', raffleId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return refused(`Raffle ${raffleId} is not open`);
    const { entries } = await loadEntries(trx, raffleId);
    const root = merkleRoot(entries);
    const tickets = entries.reduce((sum, entry) => sum + entry.iTickets, 0);
    await trx
      .updateTable('raffle')
      .set({ root_hex: root, entrant_count: entries.length, ticket_total: tickets })
      .where('id', '=', raffleId)
      .execute();
    await writeAudit(trx, {
      actor: who.actor,
      action: 'raffle.close',
      detail: { raffleId, root, entrants: entries.length, tickets, heldForReview: hold === 1, ...why(who) },
      at: who.now,
    });
    return reload(trx, raffleId);
  });
}

// ── Draw: reveal the seed, fix the winners ──────────────────────────────────────────────────

const WINNER_COLUMNS = 6;

/**
 * Draws a closed raffle: the seed is revealed and the winners are written with their prizes, in one
 * transaction (docs/raffle-draw.md §5–§7). With a beacon, `round` is the committed drand round.
 * Prizes are delivered afterwards by deliverPrizes, and every entrant's result by deliverResults
 * (results.ts), both resumable: the draw's transaction does not grow with the entrants' notices.
 */
export async function drawRaffle(
  db: RaffleDb,
  raffleId: number,
  who: Who & { round?: DrandRound },
): Promise<Transition> {
  const raffle = await findRaffle(db, raffleId);
  if (!raffle) return noRaffle(raffleId);
  if (raffle.status !== 'closed') return refused(`Raffle ${raffleId} is ${raffle.status}, not closed`);
  let beaconHex: string | undefined;
  if (raffle.drand_round !== null) {
    if (!who.round) return refused(`Raffle ${raffleId} waits for drand round ${raffle.drand_round}`);
    const beacon = checkBeacon(Number(raffle.drand_round), who.round);
    if ('problem' in beacon) return refused(`Beacon refused: ${beacon.problem}`);
    beaconHex = beacon.randomness;
  }
  return inTransaction(db, async (trx) => {
    const drawing = await trx
      .updateTable('raffle')
      .set({
        status: 'drawing',
        drawn_at: who.now,
        drand_signature: who.round && beaconHex ? who.round.signature : null,
        beacon_hex: beaconHex ?? null,
      })
      .where('id', '=', raffleId)
      .where('status', '=', 'closed')
      .executeTakeFirst();
    if (Number(drawing.numUpdatedRows) !== 1) return refused(`Raffle ${raffleId} is not closed`);

    const [{ entries, userOf }, prizes] = await Promise.all([loadEntries(trx, raffleId), prizesOf(trx, raffleId)]);
    const rootHex = raffle.root_hex ?? '';
    // The published root is what members check their entries against: never draw from another list.
    if (merkleRoot(entries) !== rootHex)
      throw new Error(`Raffle ${raffleId}: the entries no longer match the published root`);
    const prizeList = drawPrizeList(prizes.map(prizeView));
    const winners = drawWinners({
      entries,
      seedHex: raffle.seed_hex ?? '',
      rootHex,
      beaconHex,
      prizes: prizeUnits(prizeList),
    });
    const awards = assignPrizes(winners, prizeList);
    for (const page of chunks(awards, rowsPerInsert(WINNER_COLUMNS))) {
      await trx
        .insertInto('raffle_winner')
        .values(
          page.map((award) => ({
            raffle_id: raffleId,
            pick: award.iPick,
            entrant_id: award.sEntrantID,
            user_id: userOf.get(award.sEntrantID) ?? '',
            prize_id: award.sPrizeID,
            delivered_at: null,
          })),
        )
        .execute();
    }
    await writeAudit(trx, {
      actor: who.actor,
      action: 'raffle.draw',
      detail: { raffleId, seed: raffle.seed_hex, beaconRound: raffle.drand_round, winners: awards, ...why(who) },
      at: who.now,
    });
    return reload(trx, raffleId);
  });
}

async function prizesOf(db: RaffleDb, raffleId: number): Promise<PrizeRow[]> {
  return (await listPrizes(db, [raffleId])).get(raffleId) ?? [];
}

// ── Deliver the prizes ──────────────────────────────────────────────────────────────────────

/**
 * Gives every winner not yet served their prize through the ledger, each with a "You won …" notice,
 * one transaction per winner (its delivered_at, ledger rows and notice commit together). Safe to
 * run again after a crash, or by two workers: a winner is marked before the grant, and the grant's
 * key is unique. Marks the raffle drawn when none is left.
 */
export async function deliverPrizes(
  db: RaffleDb,
  raffleId: number,
  options: { now: number; onDelivered?: (pick: number) => void },
): Promise<number> {
  const raffle = await findRaffle(db, raffleId);
  if (!raffle || (raffle.status !== 'drawing' && raffle.status !== 'drawn')) return 0;
  const prizes = new Map((await prizesOf(db, raffleId)).map((prize) => [prize.prize_id, prize]));
  const pending = await db
    .selectFrom('raffle_winner')
    .select(['pick', 'user_id', 'prize_id'])
    .where('raffle_id', '=', raffleId)
    .where('delivered_at', 'is', null)
    .orderBy('pick')
    .execute();
  let delivered = 0;
  for (const winner of pending) {
    const prize = prizes.get(winner.prize_id);
    if (!prize) throw new Error(`Raffle ${raffleId}: pick ${winner.pick} names unknown prize ${winner.prize_id}`);
    const done = await inTransaction(db, async (trx) => {
      const marked = await trx
        .updateTable('raffle_winner')
        .set({ delivered_at: options.now })
        .where('raffle_id', '=', raffleId)
        .where('pick', '=', winner.pick)
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      const key = `raffle:${raffleId}:prize:${winner.pick}`;
      const grant = await applyGrant(trx, {
        userId: winner.user_id,
        key,
        reason: 'raffle prize',
        lines: prizeGrantLines(prize),
        now: options.now,
      });
      await notifyReward(trx, {
        userId: winner.user_id,
        key,
        now: options.now,
        sTitle: `You won ${prize.name}!`,
        sMessage: `Drawn as winner #${winner.pick} of ${raffle.title}. Replay the draw and check it in the raffle viewer.`,
        // One entry per win (issue 42): the draw's "You won in …" entry, which opens the viewer.
        entry: 'none',
        ...(prize.kind === 'item' ? { iItemID: grant.itemIds[0] } : {}),
        ...(prize.kind === 'points' ? { iPoints: Number(prize.amount) } : {}),
        ...(prize.kind === 'tickets' ? { iTickets: Number(prize.amount) } : {}),
      });
      return true;
    });
    if (done) {
      delivered++;
      options.onDelivered?.(winner.pick);
    }
  }
  await db
    .updateTable('raffle')
    .set({ status: 'drawn', settled_at: options.now })
    .where('id', '=', raffleId)
    .where('status', '=', 'drawing')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('raffle_winner')
            .select('raffle_winner.pick')
            .where('raffle_winner.raffle_id', '=', raffleId)
            .where('raffle_winner.delivered_at', 'is', null),
        ),
      ),
    )
    .execute();
  return delivered;
}

/**
 * Draws a closed raffle and delivers its prizes, then a tick's share of the entrants' results (the
 * CLI's `raffle draw`, the console's raffleDraw; the raffle job delivers the rest). A raffle already
 * drawn (by the job, or before a crash) is never drawn again: its delivery is finished and it is
 * answered as it stands. `signature`: the committed drand round's, when it has one.
 */
export async function drawAndDeliver(
  db: RaffleDb,
  raffleId: number,
  who: Who & { signature?: string },
): Promise<Transition> {
  const raffle = await findRaffle(db, raffleId);
  if (!raffle) return noRaffle(raffleId);
  if (raffle.status === 'closed') {
    const round =
      who.signature && raffle.drand_round !== null
        ? { round: Number(raffle.drand_round), signature: who.signature }
        : undefined;
    const drawn = await drawRaffle(db, raffleId, { now: who.now, actor: who.actor, reason: who.reason, round });
    // Refused because another worker drew it meanwhile: fall through to its result.
    if (!drawn.done && (await findRaffle(db, raffleId))?.status === 'closed') return drawn;
  } else if (raffle.status !== 'drawing' && raffle.status !== 'drawn') {
    return refused(`Raffle ${raffleId} is ${raffle.status}, not closed`);
  }
  await deliverPrizes(db, raffleId, { now: who.now });
  await deliverResults(db, raffleId, { now: who.now });
  return reload(db, raffleId);
}

// ── Cancel and refund ───────────────────────────────────────────────────────────────────────

/** Cancels a raffle that has not been drawn; every entry's tickets go back (refundEntries). */
export async function cancelRaffle(db: RaffleDb, raffleId: number, who: Who): Promise<Transition> {
  const raffle = await findRaffle(db, raffleId);
  if (!raffle) return noRaffle(raffleId);
  const cancelled = await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('raffle')
      .set({ status: 'cancelled', cancelled_at: who.now })
      .where('id', '=', raffleId)
      .where('status', 'in', ['scheduled', 'open', 'closed'])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await writeAudit(trx, {
      actor: who.actor,
      action: 'raffle.cancel',
      detail: {
        raffleId,
        was: raffle.status,
        entrants: raffle.entrant_count,
        tickets: raffle.ticket_total,
        ...why(who),
      },
      at: who.now,
    });
    return true;
  });
  if (!cancelled)
    return refused(`Raffle ${raffleId} is ${raffle.status}: only a raffle not yet drawn can be cancelled`);
  await refundEntries(db, raffleId, who.now);
  return reload(db, raffleId);
}

const REFUND_BATCH = 200;

/**
 * Gives a cancelled raffle's tickets back through the ledger, with a notice, a batch of entries per
 * transaction; resumable like deliverPrizes. Marks the raffle settled when none is left.
 */
export async function refundEntries(db: RaffleDb, raffleId: number, now: number): Promise<number> {
  const raffle = await findRaffle(db, raffleId);
  if (raffle?.status !== 'cancelled') return 0;
  let refunded = 0;
  for (;;) {
    const batch = await db
      .selectFrom('raffle_entry')
      .select(['user_id', 'tickets'])
      .where('raffle_id', '=', raffleId)
      .where('refunded_at', 'is', null)
      .orderBy('user_id')
      .limit(REFUND_BATCH)
      .execute();
    if (batch.length === 0) break;
    refunded += await inTransaction(db, async (trx) => {
      let count = 0;
      for (const entry of batch) {
        const marked = await trx
          .updateTable('raffle_entry')
          .set({ refunded_at: now })
          .where('raffle_id', '=', raffleId)
          .where('user_id', '=', entry.user_id)
          .where('refunded_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) continue;
        const tickets = Number(entry.tickets);
        const key = `raffle:${raffleId}:refund:${entry.user_id}`;
        await applyGrant(trx, {
          userId: entry.user_id,
          key,
          reason: 'raffle refund',
          lines: [{ asset: 'tickets', amount: tickets }],
          now,
        });
        await notifyReward(trx, {
          userId: entry.user_id,
          key,
          now,
          sTitle: 'Raffle cancelled',
          sMessage: `${raffle.title} was cancelled. Your ${tickets} ticket${tickets === 1 ? ' is' : 's are'} back in your hands.`,
          iTickets: tickets,
          link: '/raffle',
        });
        count++;
      }
      return count;
    });
  }
  await db
    .updateTable('raffle')
    .set({ settled_at: now })
    .where('id', '=', raffleId)
    .where('status', '=', 'cancelled')
    .where('settled_at', 'is', null)
    .execute();
  return refunded;
}
