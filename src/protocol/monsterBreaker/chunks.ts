import type { GameConfig } from './config';
import { CHUNK_TICKS, MAX_RUN_TICKS } from './constants';
import { hashState } from './hash';
import type { TickInput } from './input';
import { decodeInputLog, encodeInputLog, InputLogError } from './inputLog';
import { isOver } from './replay';
import { type GameState, Phase } from './state';
import { createGame, step } from './step';

/**
 * A run travels as chunks: the tick it starts at, its inputs (encodeInputLog) and hashState after its
 * last tick. Chunk k+1 starts where chunk k ended; the last chunk ends on the tick the game ended.
 */
export interface InputChunk {
  iFromTick: number;
  sInputs: string;
  sStateHash: string;
}

export interface RunVerdict {
  bValid: boolean;
  /** Why not valid: a code ('bad-start', 'gap', 'bad-log', 'empty-chunk', 'too-long', 'hash-mismatch', 'after-end', 'too-many-chunks', 'bad-seed') and detail. */
  sReason?: string;
  /** Index of the chunk that was refused. */
  iChunk?: number;
  iTicks: number;
  iScore: number;
  iLevel: number;
  bWon: boolean;
  /** The game ended (won or lost) on the last chunk's last tick. */
  bOver: boolean;
  sFinalHash: string;
}

export interface RunLimits {
  iMaxTicks?: number;
  /** Longest accepted sInputs, in characters, so a decoder never sees megabytes. */
  iMaxChunkChars?: number;
}

const DEFAULT_MAX_CHUNK_CHARS = 16_384;

/**
 * Checks a run chunk by chunk as they arrive (the server can keep one per live run). After a refusal
 * every further chunk is refused too.
 */
export class RunVerifier {
  readonly state: GameState;
  private iChunks = 0;
  private sError: string | undefined;
  private iErrorChunk: number | undefined;
  private readonly iMaxTicks: number;
  private readonly iMaxChunkChars: number;

  constructor(seed: number, config?: Partial<GameConfig>, limits: RunLimits = {}) {
    this.state = createGame(seed, config);
    this.iMaxTicks = limits.iMaxTicks ?? MAX_RUN_TICKS;
    this.iMaxChunkChars = limits.iMaxChunkChars ?? DEFAULT_MAX_CHUNK_CHARS;
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) this.fail('bad-seed', `seed ${seed}`);
  }

  /** Applies one chunk; returns the refusal reason, or undefined if it was accepted. */
  accept(chunk: InputChunk): string | undefined {
    const index = this.iChunks++;
    if (this.sError) return this.sError;
    const s = this.state;
    if (typeof chunk?.sInputs !== 'string' || typeof chunk.sStateHash !== 'string')
      return this.fail('bad-log', 'malformed chunk', index);
    if (chunk.iFromTick !== s.iTick) {
      return this.fail(
        index === 0 ? 'bad-start' : 'gap',
        `chunk starts at ${chunk.iFromTick}, run is at ${s.iTick}`,
        index,
      );
    }
    if (isOver(s)) return this.fail('after-end', `inputs after the game ended at tick ${s.iTick}`, index);
    if (chunk.sInputs.length > this.iMaxChunkChars) return this.fail('too-long', 'chunk too large', index);
    let inputs: Uint16Array;
    try {
      inputs = decodeInputLog(chunk.sInputs, this.iMaxTicks - s.iTick);
    } catch (error) {
      const message = error instanceof InputLogError ? error.message : 'undecodable';
      return this.fail(message.startsWith('log longer') ? 'too-long' : 'bad-log', message, index);
    }
    if (inputs.length === 0) return this.fail('empty-chunk', 'chunk has no ticks', index);
    for (let i = 0; i < inputs.length; i++) {
      if (isOver(s)) return this.fail('after-end', `inputs after the game ended at tick ${s.iTick}`, index);
      step(s, inputs[i]!);
    }
    const hash = hashState(s);
    if (hash !== chunk.sStateHash) {
      return this.fail('hash-mismatch', `chunk ${index} ending at tick ${s.iTick}: expected ${hash}`, index);
    }
    return undefined;
  }

  verdict(): RunVerdict {
    const s = this.state;
    return {
      bValid: this.sError === undefined,
      ...(this.sError === undefined ? {} : { sReason: this.sError, iChunk: this.iErrorChunk }),
      iTicks: s.iTick,
      iScore: s.iScore,
      iLevel: s.iLevel,
      bWon: this.sError === undefined && s.iPhase === Phase.Won,
      bOver: isOver(s),
      sFinalHash: hashState(s),
    };
  }

  private fail(code: string, detail: string, index?: number): string {
    this.sError = `${code}: ${detail}`;
    this.iErrorChunk = index;
    return this.sError;
  }
}

/** Replays all chunks and says whether the run is genuine, and what it achieved. */
export function verifyRun(
  seed: number,
  config: Partial<GameConfig> | undefined,
  chunks: readonly InputChunk[],
  limits?: RunLimits,
): RunVerdict {
  const verifier = new RunVerifier(seed, config, limits);
  const maxTicks = limits?.iMaxTicks ?? MAX_RUN_TICKS;
  if (chunks.length > maxTicks) {
    return { ...verifier.verdict(), bValid: false, sReason: 'too-long: too many chunks', bWon: false };
  }
  for (const chunk of chunks) if (verifier.accept(chunk) !== undefined) break;
  return verifier.verdict();
}

/** Splits a recorded run into chunks of `chunkTicks`, replaying it to get each hash. */
export function chunkRun(
  seed: number,
  config: Partial<GameConfig> | undefined,
  inputs: ArrayLike<TickInput>,
  chunkTicks = CHUNK_TICKS,
): InputChunk[] {
  const s = createGame(seed, config);
  const chunks: InputChunk[] = [];
  for (let from = 0; from < inputs.length && !isOver(s); from += chunkTicks) {
    let to = from;
    const end = Math.min(inputs.length, from + chunkTicks);
    while (to < end && !isOver(s)) step(s, inputs[to++]!);
    chunks.push({ iFromTick: from, sInputs: encodeInputLog(inputs, from, to), sStateHash: hashState(s) });
  }
  return chunks;
}

/**
 * Collects one input per stepped tick and cuts chunks (the browser side). Call push after each step
 * and flush when `bFull` or the game ended.
 */
export class ChunkRecorder {
  private readonly aPending: Uint16Array;
  private iPending = 0;
  private iFromTick = 0;

  constructor(readonly iChunkTicks = CHUNK_TICKS) {
    this.aPending = new Uint16Array(iChunkTicks);
  }

  get bFull(): boolean {
    return this.iPending >= this.iChunkTicks;
  }

  get iPendingTicks(): number {
    return this.iPending;
  }

  push(input: TickInput): void {
    if (this.iPending < this.iChunkTicks) this.aPending[this.iPending++] = input;
  }

  /** The pending ticks as a chunk ending at `state` (which must have just stepped them), or null if none. */
  flush(state: GameState): InputChunk | null {
    if (this.iPending === 0) return null;
    const chunk = {
      iFromTick: this.iFromTick,
      sInputs: encodeInputLog(this.aPending, 0, this.iPending),
      sStateHash: hashState(state),
    };
    this.iFromTick += this.iPending;
    this.iPending = 0;
    return chunk;
  }
}

/** The whole encoded log of a chunked run, e.g. to store or to replay in one go. */
export function joinChunks(chunks: readonly InputChunk[]): Uint16Array {
  const parts = chunks.map((c) => decodeInputLog(c.sInputs));
  const out = new Uint16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
