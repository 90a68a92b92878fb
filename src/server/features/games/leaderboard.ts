import { sql } from 'kysely';
import { ErrorCode } from '../../../protocol/errors';
import { LEADERBOARD_SIZE, type LeaderboardAnswer, type LeaderboardEntry, weekOf } from '../../../protocol/games';
import { onPostgres } from '../../shared/prefix';
import { avatarImages } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import { bandRange, scoreBand, scoreBandSql } from './bands';
import type { GamesDb } from './tables';

/**
 * The weekly leaderboard (docs/product.md §15): each member's best verified win of an ISO week.
 * Ties go to whoever got there first.
 */

async function tally(trx: GamesDb, gameId: string, week: string, score: number, change: 1 | -1): Promise<void> {
  await trx
    .insertInto('game_score_band')
    .values({ game_id: gameId, week, band: scoreBand(score), players: change })
    .onConflict((oc) =>
      oc
        .columns(['game_id', 'week', 'band'])
        .doUpdateSet({ players: sql<number>`game_score_band.players + ${change}` }),
    )
    .execute();
}

/**
 * Refills the tally of one week's board from its rows (a migration's backfill, or data written
 * straight into game_score, as the growth bench and the rehearsal seed it).
 */
export async function refillScoreBands(db: GamesDb, gameId: string, week: string): Promise<void> {
  await db.deleteFrom('game_score_band').where('game_id', '=', gameId).where('week', '=', week).execute();
  await sql`insert into game_score_band (game_id, week, band, players)
    select game_id, week, band, count(*) from (
      select game_id, week, ${sql.raw(scoreBandSql('score'))} as band from game_score
      where game_id = ${gameId} and week = ${week}
    ) banded group by game_id, week, band`.execute(db);
}

/**
 * Keeps a verified win as the member's score of its week if it beats theirs, and the week's band
 * tally with it; true if it beat their best ever. On PostgreSQL the member's row is locked first,
 * so two wins of one member settling at once move the tally once.
 */
export async function recordWin(
  trx: GamesDb,
  win: { gameId: string; userId: string; score: number; runId: number; at: number },
): Promise<boolean> {
  const before = await bestScoreOf(trx, win.gameId, win.userId);
  const week = weekOf(win.at).sWeek;
  const row = { game_id: win.gameId, week, user_id: win.userId };
  const current = () => {
    const query = trx
      .selectFrom('game_score')
      .select('score')
      .where('game_id', '=', win.gameId)
      .where('week', '=', week)
      .where('user_id', '=', win.userId);
    return (onPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  };
  let mine = await current();
  if (!mine) {
    const inserted = await trx
      .insertInto('game_score')
      .values({ ...row, score: win.score, run_id: win.runId, achieved_at: win.at })
      .onConflict((oc) => oc.columns(['game_id', 'week', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (inserted) {
      await tally(trx, win.gameId, week, win.score, 1);
      return win.score > before;
    }
    // Another settlement of this member inserted the row meanwhile: improve it as below.
    mine = await current();
  }
  if (mine && Number(mine.score) < win.score) {
    await trx
      .updateTable('game_score')
      .set({ score: win.score, run_id: win.runId, achieved_at: win.at })
      .where('game_id', '=', win.gameId)
      .where('week', '=', week)
      .where('user_id', '=', win.userId)
      .execute();
    if (scoreBand(Number(mine.score)) !== scoreBand(win.score)) {
      await tally(trx, win.gameId, week, Number(mine.score), -1);
      await tally(trx, win.gameId, week, win.score, 1);
    }
  }
  return win.score > before;
}

/** The member's best verified winning score of any week (0: none). */
export async function bestScoreOf(db: GamesDb, gameId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('game_score')
    .select((eb) => eb.fn.max('score').as('best'))
    .where('game_id', '=', gameId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.best ?? 0);
}

/** Past this many players counted ahead inside the member's band, their place is an estimate (decision 0213). */
export const EXACT_RANK_WITHIN_BAND = 1000;

/** A place on the board; `estimated` when it was interpolated inside a crowded band. */
export interface Place {
  rank: number;
  estimated: boolean;
}

/**
 * The member's place on the leaderboard of the week holding `at` (rank 0: not on it), without
 * counting the board: the kept tallies of the bands above theirs (at most ~250 rows), plus the
 * players ahead inside their band counted up to EXACT_RANK_WITHIN_BAND. Past that the band's share
 * ahead is interpolated from the scores, rounded to two significant digits, and said to be an
 * estimate. Ties go to whoever got there first.
 */
export async function placeOf(db: GamesDb, gameId: string, userId: string, at: number): Promise<Place> {
  const week = weekOf(at).sWeek;
  const mine = await db
    .selectFrom('game_score')
    .select(['score', 'achieved_at'])
    .where('game_id', '=', gameId)
    .where('week', '=', week)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return { rank: 0, estimated: false };
  const score = Number(mine.score);
  const band = scoreBand(score);
  const { low, next } = bandRange(band);
  const tallies = await db
    .selectFrom('game_score_band')
    .select(['band', 'players'])
    .where('game_id', '=', gameId)
    .where('week', '=', week)
    .where('band', '>=', band)
    .execute();
  const above = tallies.reduce((sum, t) => sum + (Number(t.band) > band ? Number(t.players) : 0), 0);
  const inBand = Number(tallies.find((t) => Number(t.band) === band)?.players ?? 1);
  // Two bounded index ranges (a higher score inside the band; the same score, earlier), each
  // stopping at the cap: never an OR, which SQLite planned as a scan of the week's board.
  const board = db.selectFrom('game_score').where('game_id', '=', gameId).where('week', '=', week);
  const bounded = (query: typeof board) =>
    db
      .selectFrom(
        query
          .select('user_id')
          .limit(EXACT_RANK_WITHIN_BAND + 1)
          .as('ahead'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const higher = await bounded(board.where('score', '>', score).where('score', '<', next));
  const earlier =
    higher > EXACT_RANK_WITHIN_BAND
      ? 0
      : await bounded(board.where('score', '=', score).where('achieved_at', '<', mine.achieved_at));
  if (higher + earlier <= EXACT_RANK_WITHIN_BAND) return { rank: above + higher + earlier + 1, estimated: false };
  // A crowded band: the share of it above the member's score, as if its scores were spread evenly.
  const span = Math.max(1, Math.min(next, 2 ** 31) - Math.max(low, 0));
  const share = Math.min(1, Math.max(0, (Math.min(next, 2 ** 31) - score - 0.5) / span));
  const estimate = above + Math.max(EXACT_RANK_WITHIN_BAND, Math.round(share * inBand)) + 1;
  const digits = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 1);
  return { rank: Math.round(estimate / digits) * digits, estimated: true };
}

/** The member's place on the leaderboard of the week holding `at` (0: not on it); see placeOf. */
export async function rankOf(db: GamesDb, gameId: string, userId: string, at: number): Promise<number> {
  return (await placeOf(db, gameId, userId, at)).rank;
}

export async function weeklyLeaderboard(
  db: GamesDb,
  query: { gameId: string; week: { sWeek: string; iEndsAt: number }; viewerId: string | null },
): Promise<LeaderboardAnswer> {
  const top = await db
    .selectFrom('game_score')
    .select(['user_id', 'score'])
    .where('game_id', '=', query.gameId)
    .where('week', '=', query.week.sWeek)
    .orderBy('score', 'desc')
    .orderBy('achieved_at', 'asc')
    .orderBy('user_id', 'asc')
    .limit(LEADERBOARD_SIZE)
    .execute();
  const viewerPlace =
    query.viewerId && !top.some((row) => row.user_id === query.viewerId)
      ? await placeOf(db, query.gameId, query.viewerId, query.week.iEndsAt - 1)
      : { rank: 0, estimated: false };
  const viewerRank = viewerPlace.rank;
  const viewerScore =
    viewerRank > 0 && query.viewerId
      ? await db
          .selectFrom('game_score')
          .select('score')
          .where('game_id', '=', query.gameId)
          .where('week', '=', query.week.sWeek)
          .where('user_id', '=', query.viewerId)
          .executeTakeFirst()
      : undefined;
  const listed = [...top.map((row) => row.user_id), ...(viewerScore ? [query.viewerId ?? ''] : [])];
  const [names, avatars] = await Promise.all([usernamesOf(db, listed), avatarImages(db, listed)]);
  const entry = (userId: string, score: number, iRank: number): LeaderboardEntry => ({
    iRank,
    sUserName: names.get(userId) ?? 'A former member',
    iScore: Number(score),
    bYou: userId === query.viewerId,
    sAvatar: avatars.get(userId) ?? '',
  });
  return {
    iErrorCode: ErrorCode.OK,
    sWeek: query.week.sWeek,
    iWeekEndsAt: query.week.iEndsAt,
    aEntries: top.map((row, i) => entry(row.user_id, row.score, i + 1)),
    pYou:
      viewerScore && query.viewerId
        ? {
            ...entry(query.viewerId, viewerScore.score, viewerRank),
            ...(viewerPlace.estimated ? { bRankEstimated: true } : {}),
          }
        : null,
  };
}
