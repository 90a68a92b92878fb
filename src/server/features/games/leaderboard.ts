import { sql } from 'kysely';
import { ErrorCode } from '../../../protocol/errors';
import { LEADERBOARD_SIZE, type LeaderboardAnswer, type LeaderboardEntry, weekOf } from '../../../protocol/games';
import { avatarImages } from '../collectibles/index';
import { usernamesOf } from '../identity/index';
import type { GamesDb } from './tables';

/**
 * The weekly leaderboard (docs/product.md §15): each member's best verified win of an ISO week.
 * Ties go to whoever got there first.
 */

/** Keeps a verified win as the member's score of its week if it beats theirs; true if it beat their best ever. */
export async function recordWin(
  trx: GamesDb,
  win: { gameId: string; userId: string; score: number; runId: number; at: number },
): Promise<boolean> {
  const before = await bestScoreOf(trx, win.gameId, win.userId);
  await trx
    .insertInto('game_score')
    .values({
      game_id: win.gameId,
      week: weekOf(win.at).sWeek,
      user_id: win.userId,
      score: win.score,
      run_id: win.runId,
      achieved_at: win.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['game_id', 'week', 'user_id'])
        .doUpdateSet({
          score: sql<number>`excluded.score`,
          run_id: sql<number>`excluded.run_id`,
          achieved_at: sql<number>`excluded.achieved_at`,
        })
        .where('game_score.score', '<', sql<number>`excluded.score`),
    )
    .execute();
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

/** The member's place on the leaderboard of the week holding `at` (0: not on it). */
export async function rankOf(db: GamesDb, gameId: string, userId: string, at: number): Promise<number> {
  const week = weekOf(at).sWeek;
  const mine = await db
    .selectFrom('game_score')
    .select(['score', 'achieved_at'])
    .where('game_id', '=', gameId)
    .where('week', '=', week)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!mine) return 0;
  // Two plain index ranges (a higher score; the same score, earlier), not one OR: with the board's
  // order as an index (game_score_top), SQLite planned the OR as a scan of the whole week's board.
  const board = db.selectFrom('game_score').where('game_id', '=', gameId).where('week', '=', week);
  const count = (where: (q: typeof board) => typeof board) =>
    where(board)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [higher, earlier] = await Promise.all([
    count((q) => q.where('score', '>', mine.score)),
    count((q) => q.where('score', '=', mine.score).where('achieved_at', '<', mine.achieved_at)),
  ]);
  return higher + earlier + 1;
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
  const viewerRank =
    query.viewerId && !top.some((row) => row.user_id === query.viewerId)
      ? await rankOf(db, query.gameId, query.viewerId, query.week.iEndsAt - 1)
      : 0;
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
    pYou: viewerScore && query.viewerId ? entry(query.viewerId, viewerScore.score, viewerRank) : null,
  };
}
