import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the games capability: Monster Breaker runs and the chunks they were verified from,
 * the weekly leaderboard, and the curse-breaker's puzzles and solutions. Booleans are 0/1
 * integers, timestamps epoch milliseconds.
 */
export interface GameRunTable {
  id: Generated<number>;
  game_id: string;
  /** The member who plays it, or null for a guest's run (until a registration claims the guest). */
  user_id: string | null;
  guest_id: number | null;
  /** SHA-256 (base64url) of the run key the player got at the start. */
  key_hash: string;
  /** 0 … 2^32 - 1 (bigint: a PostgreSQL integer is signed). */
  seed: number;
  /** The GameConfig of this run, JSON (game vars read at its start). */
  config: string;
  /** RunStatus: playing, won, lost, refused, abandoned. */
  status: string;
  /** Progress of the replay: ticks accepted, and the state after them. */
  ticks: number;
  score: number;
  level: number;
  state_hash: string;
  refused_code: number | null;
  refused_reason: string | null;
  new_best: number;
  agent_granted: number;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** The accepted chunks of a run, in order: what it was verified from (and is rebuilt from). */
export interface GameRunChunkTable {
  run_id: number;
  from_tick: number;
  to_tick: number;
  inputs: string;
  state_hash: string;
  received_at: number;
}

/** A member's best verified win of an ISO week: the weekly leaderboard. */
export interface GameScoreTable {
  game_id: string;
  week: string;
  user_id: string;
  score: number;
  run_id: number;
  achieved_at: number;
}

/** A week's puzzle set by an operator (weeks without one get a generated puzzle). */
export interface CursePuzzleTable {
  week: string;
  title: string;
  lore: string;
  cipher: string;
  cipher_key: string;
  /** The plain answer, as the operator typed it. */
  answer: string;
  hint: string;
  created_by: string;
  updated_at: number;
}

/** Who broke which week's curse (one ticket each, once). */
export interface CurseSolveTable {
  week: string;
  user_id: string;
  solved_at: number;
}

/**
 * How many players of a week's board have a score in each band (leaderboard.ts SCORE_BANDS), kept
 * with every change of game_score: a member's place is read from it without counting the board
 * (decision 0213).
 */
export interface GameScoreBandTable {
  game_id: string;
  week: string;
  band: number;
  players: number;
}

export interface GamesTables {
  game_run: GameRunTable;
  game_run_chunk: GameRunChunkTable;
  game_score: GameScoreTable;
  game_score_band: GameScoreBandTable;
  curse_puzzle: CursePuzzleTable;
  curse_solve: CurseSolveTable;
}

/** The games capability's handle: its tables and the platform's. */
export type GamesDb = CapabilityDb<GamesTables>;
