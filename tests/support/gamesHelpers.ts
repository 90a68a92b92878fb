import type { StartRunAnswer, SubmitChunkAnswer } from '../../src/protocol/games';
import { FIXTURE_CONFIG, FIXTURE_SEED, LOSING_RUN, WINNING_RUN } from '../../src/protocol/monsterBreaker/fixtures';
import {
  autopilotInput,
  CHUNK_TICKS,
  chunkRun,
  createGame,
  decodeInputLog,
  type GameConfig,
  type InputChunk,
  isOver,
  step,
  TICKS_PER_SECOND,
} from '../../src/protocol/monsterBreaker/index';
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

/** The autopilot playing a seed to its end, chunked (for runs with other seeds or rules). */
export function autopilotChunks(seed: number, config: Partial<GameConfig> = {}): InputChunk[] {
  const s = createGame(seed, config);
  const inputs: number[] = [];
  while (!isOver(s)) {
    const input = autopilotInput(s);
    inputs.push(input);
    step(s, input);
  }
  return chunkRun(seed, config, inputs);
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
