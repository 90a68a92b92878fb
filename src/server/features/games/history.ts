import type { GamesDb } from './tables';

/** A member's game runs, newest first, paged (the operators' member page, issue 27). */
export async function memberRuns(db: GamesDb, userId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('game_run')
    .select(['id', 'game_id', 'status', 'score', 'level', 'refused_reason', 'started_at', 'finished_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({
    runId: Number(r.id),
    gameId: r.game_id,
    status: r.status,
    score: Number(r.score),
    level: Number(r.level),
    refusedReason: r.refused_reason,
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  }));
}

/** A member's best verified score of each game, over every week. */
export async function memberBestScores(db: GamesDb, userId: string) {
  const rows = await db
    .selectFrom('game_score')
    .select((eb) => ['game_id', eb.fn.max('score').as('best'), eb.fn.countAll<number>().as('weeks')])
    .where('user_id', '=', userId)
    .groupBy('game_id')
    .orderBy('game_id')
    .execute();
  return rows.map((r) => ({ gameId: r.game_id, best: Number(r.best), weeks: Number(r.weeks) }));
}
