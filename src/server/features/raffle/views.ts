import type { RaffleDetail, RaffleDrawInfo, RafflePrize, RaffleSummary, RaffleWinner } from '../../../protocol/raffle';
import { prepared } from '../../shared/prepared';
import { ttlCache } from '../../shared/ttlCache';
import { usernamesOf } from '../identity/index';
import { beaconRoundTime } from './beacon';
import { prizeView } from './prizes';
import {
  findNextScheduled,
  findOpenRaffle,
  listPrizes,
  listWinners,
  memberEntries,
  type RaffleRow,
  type WinnerRow,
} from './raffles';
import { weeklyWindows } from './schedule';
import type { RaffleDb } from './tables';
import { loadRaffleVars } from './vars';

/** Raffles as members see them (docs/product.md §12): nothing secret before its time, winners by username. */
export async function raffleSummaries(
  db: RaffleDb,
  rows: readonly RaffleRow[],
  userId: string,
): Promise<RaffleSummary[]> {
  return (await summarise(db, rows, userId)).summaries;
}

/** `userId` null: an outsider, signed out, who gets what a draw publishes and no member's name or part. */
async function summarise(db: RaffleDb, rows: readonly RaffleRow[], userId: string | null) {
  const ids = rows.map((row) => row.id);
  const [prizes, winners, entries] = await Promise.all([
    listPrizes(db, ids),
    listWinners(db, ids),
    userId === null ? new Map<number, { entrantId: string; tickets: number }>() : memberEntries(db, userId, ids),
  ]);
  const usernames =
    userId === null
      ? new Map<string, string>()
      : await usernamesOf(
          db,
          [...winners.values()].flat().map((winner) => winner.user_id),
        );
  const summaries = rows.map((row) => ({
    iRaffleID: row.id,
    sTitle: row.title,
    sStatus: row.status,
    iOpensAt: Number(row.opens_at),
    iClosesAt: Number(row.closes_at),
    iDrawnAt: Number(row.drawn_at ?? 0),
    iEntrantCount: Number(row.entrant_count),
    iTicketTotal: Number(row.ticket_total),
    aPrizes: (prizes.get(row.id) ?? []).map(prizeView),
    aWinners: (winners.get(row.id) ?? []).map((winner) => winnerView(winner, usernames, userId)),
    iYourTickets: entries.get(row.id)?.tickets ?? 0,
  }));
  return { summaries, entries };
}

function winnerView(winner: WinnerRow, usernames: ReadonlyMap<string, string>, userId: string | null): RaffleWinner {
  return {
    iPick: winner.pick,
    sEntrantID: winner.entrant_id,
    sUserName: userId === null ? '' : (usernames.get(winner.user_id) ?? 'a former member'),
    sPrizeID: winner.prize_id,
    bYou: winner.user_id === userId,
  };
}

/**
 * One raffle with what it has published so far: the commitment, then the root, then the seed.
 * Signed out (`userId` null) the member's own fields are empty and the winners have no username.
 */
export async function raffleDetail(db: RaffleDb, row: RaffleRow, userId: string | null): Promise<RaffleDetail> {
  const { summaries, entries } = await summarise(db, [row], userId);
  const entry = entries.get(row.id);
  const revealed = row.status === 'drawing' || row.status === 'drawn';
  const round = row.drand_round === null ? null : Number(row.drand_round);
  return {
    ...(summaries[0] as RaffleSummary),
    sCommitment: row.commitment_hex ?? '',
    sRoot: row.root_hex ?? '',
    sSeed: revealed ? (row.seed_hex ?? '') : '',
    pBeacon:
      round === null
        ? null
        : {
            iRound: round,
            iRoundAt: beaconRoundTime(round),
            sSignature: row.drand_signature ?? '',
            sRandomness: row.beacon_hex ?? '',
          },
    pYourEntry: entry ? { sEntrantID: entry.entrantId, iTickets: entry.tickets } : null,
  };
}

/** pUserData.pRaffleDrawInfo: the open raffle and the member's part in it, or when the next one opens. */
/** What every member's pUserData shares about the raffle: the open one with its prizes, or when the next opens. */
type CurrentRaffle = { open: RaffleRow; prizes: RafflePrize[] } | { open: null; nextOpensAt: number };

async function readCurrentRaffle(db: RaffleDb, now: number): Promise<CurrentRaffle> {
  const open = await findOpenRaffle(db);
  if (!open) return { open: null, nextOpensAt: await nextOpening(db, now) };
  const prizes = await listPrizes(db, [open.id]);
  return { open, prizes: (prizes.get(open.id) ?? []).map(prizeView) };
}

const currents = new WeakMap<RaffleDb, ReturnType<typeof ttlCache<CurrentRaffle>>>();

/**
 * The current raffle is the same for every member: each instance keeps it for `ttlMs` (the
 * settings' cache time) instead of reading it on every getUserData; a member's own entry is read live.
 */
export function rememberCurrentRaffle(db: RaffleDb, clock: { now(): number }, ttlMs: number): void {
  currents.set(
    db,
    ttlCache(() => readCurrentRaffle(db, clock.now()), ttlMs),
  );
}

/** Forgets the remembered raffle after a transition made here (other instances see it within the ttl). */
export function forgetCurrentRaffle(db: RaffleDb): void {
  currents.get(db)?.clear();
}

const entryOf = prepared((db: RaffleDb, raffleId: number, userId: string) =>
  db
    .selectFrom('raffle_entry')
    .select(['entrant_id', 'tickets'])
    .where('raffle_id', '=', raffleId)
    .where('user_id', '=', userId),
);

export async function raffleDrawInfo(db: RaffleDb, userId: string, now: number): Promise<RaffleDrawInfo> {
  const remembered = db.isTransaction ? undefined : currents.get(db);
  const current = remembered ? await remembered.get() : await readCurrentRaffle(db, now);
  if (!current.open) return { bActive: false, iNextOpensAt: current.nextOpensAt };
  const { open, prizes } = current;
  const [entry] = await entryOf(db, open.id, userId);
  return {
    bActive: true,
    iRaffleID: open.id,
    sTitle: open.title,
    iOpensAt: Number(open.opens_at),
    iClosesAt: Number(open.closes_at),
    aPrizes: prizes,
    iEntrantCount: Number(open.entrant_count),
    iTicketTotal: Number(open.ticket_total),
    iEntryTickets: entry ? Number(entry.tickets) : 0,
    sEntrantID: entry?.entrant_id ?? '',
    sCommitment: open.commitment_hex ?? '',
    iBeaconRound: Number(open.drand_round ?? 0),
  };
}

/** A scheduled raffle's opening, else the weekly schedule's next window (when on), else 0. */
async function nextOpening(db: RaffleDb, now: number): Promise<number> {
  const scheduled = await findNextScheduled(db, now);
  if (scheduled) return Number(scheduled.opens_at);
  const vars = await loadRaffleVars(db);
  return vars.autoWeekly ? weeklyWindows(now, vars.schedule).next.opensAt : 0;
}
