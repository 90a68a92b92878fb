import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekOf } from '../../src/protocol/games';
import { scoreBand } from '../../src/server/features/games/bands';
import {
  EXACT_RANK_WITHIN_BAND,
  placeOf,
  recordWin,
  refillScoreBands,
  weeklyLeaderboard,
} from '../../src/server/features/games/leaderboard';
import { AUDIT_COUNT_AHEAD, auditPage } from '../../src/server/features/operators/audit';
import { writeAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';

/**
 * Issue 36, part 5: the leaderboard's "my place" and the console audit log's total without counting
 * their whole table (decisions 0213, 0214): a band tally kept with every win, and a total that
 * stops counting past the page.
 */
describe.each(DIALECTS)('places and totals that do not count the whole table, on %s', (dialect) => {
  let t: TestApp;
  const at = Date.UTC(2026, 10, 25, 12);
  const week = weekOf(at).sWeek;
  const game = 'm1';

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  /** The place counted the slow way: every player ahead. */
  async function countedPlace(gameId: string, userId: string): Promise<number> {
    const rows = await t.deps.db
      .selectFrom('game_score')
      .select(['user_id', 'score', 'achieved_at'])
      .where('game_id', '=', gameId)
      .where('week', '=', week)
      .execute();
    const mine = rows.find((r) => r.user_id === userId);
    if (!mine) return 0;
    return (
      rows.filter(
        (r) =>
          Number(r.score) > Number(mine.score) ||
          (Number(r.score) === Number(mine.score) && Number(r.achieved_at) < Number(mine.achieved_at)),
      ).length + 1
    );
  }

  async function tallies(gameId: string) {
    return (
      await t.deps.db
        .selectFrom('game_score_band')
        .select(['band', 'players'])
        .where('game_id', '=', gameId)
        .where('week', '=', week)
        .where('players', '<>', 0)
        .orderBy('band')
        .execute()
    ).map((r) => [Number(r.band), Number(r.players)]);
  }

  it('keeps the band tally with every win and gives the exact place, ties to the earliest', async () => {
    const wins: Array<[string, number, number]> = [
      ['ada', 120, 1],
      ['bob', 5_000, 2],
      ['cy', 120, 0],
      ['dee', 7, 3],
      ['ada', 90, 4], // lower than ada's week: the tally does not move
      ['dee', 6_000, 5], // dee moves to a higher band
      ['eve', 0, 6],
      ['cy', 121, 7], // cy improves inside the same band
    ];
    let runId = 1;
    for (const [userId, score, minute] of wins) {
      await t.deps.db
        .transaction()
        .execute((trx) =>
          recordWin(trx as never, { gameId: game, userId, score, runId: runId++, at: at + minute * 60_000 }),
        );
    }
    const kept = await tallies(game);
    await refillScoreBands(t.deps.db, game, week);
    expect(kept).toEqual(await tallies(game));
    expect(kept.reduce((sum, [, n]) => sum + (n as number), 0)).toBe(5);
    for (const userId of ['ada', 'bob', 'cy', 'dee', 'eve']) {
      expect(await placeOf(t.deps.db, game, userId, at), userId).toEqual({
        rank: await countedPlace(game, userId),
        estimated: false,
      });
    }
    expect((await placeOf(t.deps.db, game, 'dee', at)).rank).toBe(1);
    expect(await placeOf(t.deps.db, game, 'nobody', at)).toEqual({ rank: 0, estimated: false });
  });

  it('counts exactly past a crowded board when the band is small, and says an estimate when the band is crowded', async () => {
    const crowd = 'm-crowd';
    const players = EXACT_RANK_WITHIN_BAND * 3;
    // Scores 1,000,001 … 1,003,000: one band (it spans ~90,000 scores there), every player apart.
    const values = Array.from({ length: players }, (_, i) => ({
      game_id: crowd,
      week,
      user_id: `crowd-${i}`,
      score: 1_000_001 + i,
      run_id: i,
      achieved_at: at,
    }));
    for (let i = 0; i < values.length; i += 60)
      await t.deps.db
        .insertInto('game_score')
        .values(values.slice(i, i + 60))
        .execute();
    // Far below them, a small band of its own.
    await t.deps.db
      .insertInto('game_score')
      .values({ game_id: crowd, week, user_id: 'low', score: 10, run_id: 0, achieved_at: at })
      .execute();
    await refillScoreBands(t.deps.db, crowd, week);
    expect(scoreBand(1_000_001)).toBe(scoreBand(1_003_000));

    // Below the crowd: the tallies above, counted exactly.
    expect(await placeOf(t.deps.db, crowd, 'low', at)).toEqual({ rank: players + 1, estimated: false });
    // Near the top of the crowd: fewer than the cap ahead inside the band, exact.
    expect(await placeOf(t.deps.db, crowd, `crowd-${players - 10}`, at)).toEqual({ rank: 10, estimated: false });
    // Deep inside it: an estimate, said as one, from the band's spread of scores.
    const deep = await placeOf(t.deps.db, crowd, 'crowd-0', at);
    expect(deep.estimated).toBe(true);
    expect(deep.rank).toBeGreaterThan(EXACT_RANK_WITHIN_BAND);
    expect(deep.rank).toBeLessThanOrEqual(players + 1);
    const board = await weeklyLeaderboard(t.deps.db, {
      gameId: crowd,
      week: weekOf(at),
      viewerId: 'crowd-0',
    });
    expect(board.aEntries).toHaveLength(10);
    expect(board.pYou).toMatchObject({ iRank: deep.rank, bRankEstimated: true, bYou: true });
    const near = await weeklyLeaderboard(t.deps.db, { gameId: crowd, week: weekOf(at), viewerId: 'low' });
    expect(near.pYou).toMatchObject({ iRank: players + 1 });
    expect(near.pYou?.bRankEstimated).toBeUndefined();
  });

  it("counts the audit log's total up to 1,000 past the page, and says 'at least' beyond", async () => {
    const entries = AUDIT_COUNT_AHEAD + 200;
    await sql`delete from audit_log`.execute(t.deps.db);
    for (let i = 0; i < entries; i += 60) {
      await t.deps.db
        .insertInto('audit_log')
        .values(
          Array.from({ length: Math.min(60, entries - i) }, (_, j) => ({
            actor: 'cli:scale',
            action: (i + j) % 100 === 0 ? 'scale.rare' : 'scale.bulk',
            detail: '{}',
            created_at: at + i + j,
            member_id: null,
          })),
        )
        .execute();
    }
    await writeAudit(t.deps.db, { actor: 'cli:scale', action: 'scale.last', detail: {}, at: at + entries });

    const first = await auditPage(t.deps.db, {}, { offset: 0, limit: 50 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.action).toBe('scale.last');
    expect(first).toMatchObject({ total: 50 + AUDIT_COUNT_AHEAD, totalAtLeast: true });
    // A page near the end: the bound passes the log's end, so the total is exact.
    const late = await auditPage(t.deps.db, {}, { offset: 1_000, limit: 50 });
    expect(late).toMatchObject({ total: entries + 1, totalAtLeast: false });
    // A narrow filter: exact.
    const rare = await auditPage(t.deps.db, { action: 'scale.rare' }, { offset: 0, limit: 50 });
    expect(rare).toMatchObject({ total: entries / 100, totalAtLeast: false });
    expect(rare.rows).toHaveLength(entries / 100);
  });
});
