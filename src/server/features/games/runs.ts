import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../../protocol/errors';
import type { RunResult, RunStatus } from '../../../protocol/games';
import type { GameConfig } from '../../../protocol/monsterBreaker/config';
import { hashState } from '../../../protocol/monsterBreaker/hash';
import { createGame } from '../../../protocol/monsterBreaker/step';
import type { SessionUser } from '../../capability';
import { rankOf } from './leaderboard';
import type { GamesDb } from './tables';

/**
 * Monster Breaker runs (docs/product.md §15): a run is a server-issued seed, the rules of its
 * start, its owner (a member or a guest) and the replay's progress. The player proves each later
 * call with the run key it got at the start; a member's run also needs the member's session.
 */
export interface RunRow {
  id: number;
  gameId: string;
  userId: string | null;
  guestId: number | null;
  keyHash: string;
  seed: number;
  config: GameConfig;
  status: RunStatus;
  ticks: number;
  score: number;
  level: number;
  stateHash: string;
  refusedCode: number | null;
  newBest: boolean;
  agentGranted: boolean;
  startedAt: number;
  finishedAt: number | null;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export async function createRun(
  db: GamesDb,
  run: {
    gameId: string;
    userId: string | null;
    guestId: number | null;
    config: GameConfig;
    seed?: number;
    now: number;
  },
): Promise<{ id: number; key: string; seed: number }> {
  const key = randomBytes(24).toString('base64url');
  const seed = run.seed ?? randomInt(0, 2 ** 32);
  const row = await db
    .insertInto('game_run')
    .values({
      game_id: run.gameId,
      user_id: run.userId,
      guest_id: run.guestId,
      key_hash: hashKey(key),
      seed,
      config: JSON.stringify(run.config),
      status: 'playing',
      ticks: 0,
      score: 0,
      level: 0,
      state_hash: hashState(createGame(seed, run.config)),
      refused_code: null,
      refused_reason: null,
      new_best: 0,
      agent_granted: 0,
      started_at: run.now,
      updated_at: run.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), key, seed };
}

export async function findRun(db: GamesDb, runId: number): Promise<RunRow | null> {
  const row = await db.selectFrom('game_run').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    gameId: row.game_id,
    userId: row.user_id,
    guestId: row.guest_id === null ? null : Number(row.guest_id),
    keyHash: row.key_hash,
    seed: Number(row.seed),
    config: JSON.parse(row.config) as GameConfig,
    status: row.status as RunStatus,
    ticks: Number(row.ticks),
    score: Number(row.score),
    level: Number(row.level),
    stateHash: row.state_hash,
    refusedCode: row.refused_code === null ? null : Number(row.refused_code),
    newBest: Number(row.new_best) === 1,
    agentGranted: Number(row.agent_granted) === 1,
    startedAt: Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/**
 * The run, if the caller may act on it: the right key, and for a member's run that member signed
 * in. NOT_FOUND for an unknown run, RUN_NOT_YOURS for anyone else's.
 */
export async function ownRun(
  db: GamesDb,
  runId: number,
  key: string,
  session: () => Promise<SessionUser | null>,
): Promise<{ run: RunRow } | { code: number }> {
  const run = await findRun(db, runId);
  if (!run) return { code: ErrorCode.NOT_FOUND };
  const given = Buffer.from(hashKey(key));
  const expected = Buffer.from(run.keyHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { code: ErrorCode.RUN_NOT_YOURS };
  if (run.userId !== null && run.guestId === null && (await session())?.id !== run.userId) {
    return { code: ErrorCode.RUN_NOT_YOURS };
  }
  return { run };
}

/** Ends a run still in play as refused (with the code it was refused with); false if it had ended. */
export async function refuseRun(
  db: GamesDb,
  run: { id: number; code: number; reason: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('game_run')
    .set({
      status: 'refused',
      refused_code: run.code,
      refused_reason: run.reason.slice(0, 300),
      updated_at: run.now,
      finished_at: run.now,
    })
    .where('id', '=', run.id)
    .where('status', '=', 'playing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The player stopped before the game was over; false if it had ended. */
export async function abandonRun(db: GamesDb, runId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('game_run')
    .set({ status: 'abandoned', updated_at: now, finished_at: now })
    .where('id', '=', runId)
    .where('status', '=', 'playing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the player is told about a run: its row, and its place on its week's leaderboard after a win. */
export async function runResult(db: GamesDb, run: RunRow): Promise<RunResult> {
  const won = run.status === 'won';
  return {
    iRunID: run.id,
    sStatus: run.status,
    iScore: run.score,
    iTicks: run.ticks,
    iLevel: run.level,
    iRefusedCode: run.refusedCode ?? 0,
    bNewBest: run.newBest,
    bAgentGranted: run.agentGranted,
    bGuest: run.guestId !== null && run.userId === null,
    iRank: won && run.userId && run.finishedAt !== null ? await rankOf(db, run.gameId, run.userId, run.finishedAt) : 0,
  };
}

/** Runs left in play for `idleMs` end as abandoned; chunks of lost, refused and abandoned runs go after `keepMs`. */
export async function tidyRuns(db: GamesDb, now: number, idleMs: number, keepMs: number): Promise<number> {
  const stale = await db
    .updateTable('game_run')
    .set({ status: 'abandoned', finished_at: now, updated_at: now })
    .where('status', '=', 'playing')
    .where('updated_at', '<', now - idleMs)
    .executeTakeFirst();
  await db
    .deleteFrom('game_run_chunk')
    .where('run_id', 'in', (eb) =>
      eb
        .selectFrom('game_run')
        .select('id')
        .where('status', 'in', ['lost', 'refused', 'abandoned'])
        .where('finished_at', '<', now - keepMs),
    )
    .execute();
  return Number(stale.numUpdatedRows);
}
