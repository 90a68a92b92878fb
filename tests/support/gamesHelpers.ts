import type { StartRunAnswer, SubmitChunkAnswer } from '../../src/protocol/games';
import { FIXTURE_CONFIG, FIXTURE_SEED, LOSING_RUN, WINNING_RUN } from '../../src/protocol/monsterBreaker/fixtures';
import {
  CHUNK_TICKS,
  chunkRun,
  decodeInputLog,
  type GameConfig,
  type InputChunk,
  isOver,
  MAX_RUN_TICKS,
  TICKS_PER_SECOND,
} from '../../src/protocol/monsterBreaker/index';
import { playAutopilot } from '../../src/protocol/monsterBreaker/testSupport';
import type { TestApp } from './app';

/** A game-service action: POST /api/monsterbreaker/<action>. */
export const gameCall = (t: TestApp, action: string, fields: Record<string, string | number> = {}, token?: string) =>
  t.call(`/api/monsterbreaker/${action}`, fields, token);

export type Run = StartRunAnswer;

export async function startRun(t: TestApp, token?: string, fields: Record<string, string | number> = {}): Promise<Run> {
  const answer = (await gameCall(t, 'startRun', fields, token)) as unknown as Run;
  if (answer.iErrorCode !== 0) throw new Error(`startRun refused: ${JSON.stringify(answer)}`);
  return answer;
}

export const submitChunk = (t: TestApp, run: Run, chunk: InputChunk, token?: string, seed = run.iSeed) =>
  gameCall(
    t,
    'submitChunk',
    { iRunID: run.iRunID, sRunKey: run.sRunKey, iSeed: seed, ...chunk },
    token,
  ) as unknown as Promise<SubmitChunkAnswer & { sMessage?: string }>;

export const finishRun = (t: TestApp, run: Run, token?: string) =>
  gameCall(t, 'finishRun', { iRunID: run.iRunID, sRunKey: run.sRunKey }, token);

/** The recorded runs of the fixtures, as the browser would chunk them (a server with gameSeed FIXTURE_SEED). */
export const winningChunks = () => chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(WINNING_RUN.sLog));
export const losingChunks = () => chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(LOSING_RUN.sLog));

/**
 * The autopilot playing a seed to its end, chunked (for runs with other seeds or rules); null when
 * the game has not ended after a run's longest (MAX_RUN_TICKS): about 3 random seeds in 1,000 keep
 * its ball in play for ever. Unbounded, that loop once grew its list of inputs until V8 aborted the
 * test worker ("invalid size error", CI 2026-11-30).
 */
export function autopilotChunks(seed: number, config: Partial<GameConfig> = {}): InputChunk[] | null {
  const { aInputs, state } = playAutopilot(seed, config, MAX_RUN_TICKS);
  return isOver(state) ? chunkRun(seed, config, aInputs) : null;
}

/** A new run whose random seed the autopilot plays to its end (one it cannot end is left), with its chunks. */
export async function autopilotRun(t: TestApp, token?: string): Promise<{ run: Run; chunks: InputChunk[] }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const run = await startRun(t, token);
    const chunks = autopilotChunks(run.iSeed, run.pConfig);
    if (chunks) return { run, chunks };
  }
  throw new Error('the autopilot ended none of 10 runs');
}

/** Ticks a chunk covers. */
export const chunkTicks = (chunk: InputChunk) => decodeInputLog(chunk.sInputs).length;

/**
 * Sends chunks in order as a real-time player would: the clock moves by each chunk's play time
 * first. Answers every answer; stops at the first refusal.
 */
export async function play(
  t: TestApp,
  clock: { advance(ms: number): void },
  run: Run,
  chunks: readonly InputChunk[],
  token?: string,
): Promise<Array<SubmitChunkAnswer & { sMessage?: string }>> {
  const answers = [];
  for (const chunk of chunks) {
    clock.advance(Math.ceil((chunkTicks(chunk) * 1000) / TICKS_PER_SECOND));
    const answer = await submitChunk(t, run, chunk, token);
    answers.push(answer);
    if (answer.iErrorCode !== 0) break;
  }
  return answers;
}

export { CHUNK_TICKS, FIXTURE_SEED, LOSING_RUN, WINNING_RUN };
