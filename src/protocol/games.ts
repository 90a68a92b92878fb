/**
 * The games contract (docs/product.md §15): what the game service ("monsterbreaker") answers, and
 * the weekly calendar its leaderboard and the curse-breaker share. Request schemas are in
 * games.schema.ts (server only); the simulation is in monsterBreaker/, the ciphers in curseBreaker.ts.
 */
import type { GameConfig } from './monsterBreaker/config';
import type { Answer } from './wire';

export const GAME_IDS = { monsterBreaker: 'm1', curseBreaker: 'cursebreaker' } as const;
export type GameId = (typeof GAME_IDS)[keyof typeof GAME_IDS];

/** One entry of /games. */
export interface GameSummary {
  sGameID: GameId;
  sName: string;
  sDescription: string;
  /** The web path that plays it. */
  sPath: string;
  /** The member's best verified winning score; 0 when there is none (or signed out). */
  iBestScore: number;
  /** M1: beaten at least once; the curse-breaker: solved this week. */
  bCompleted: boolean;
}

export interface ListGamesAnswer extends Answer {
  aGames: GameSummary[];
}

// ── Monster Breaker runs ─────────────────────────────────────────────────────────────────────

export interface StartRunAnswer extends Answer {
  iRunID: number;
  /** Proves the caller started the run: every later call on it sends it back. */
  sRunKey: string;
  iSeed: number;
  /** The rules of this run (game vars read at its start). */
  pConfig: GameConfig;
  /** Ticks per chunk the server expects (about two seconds of play). */
  iChunkTicks: number;
  /** How many times faster than real time the server accepts a run: 1, except on test servers. */
  iSpeedLimit: number;
  /** A guest's run: the guest id (0 for a member's run). */
  iGuestUserID: number;
  /** The new guest's password, only when this call created the guest; keep it to register later. */
  sGuestPassword: string;
}

export const RUN_STATUSES = ['playing', 'won', 'lost', 'refused', 'abandoned'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What the server concluded about a run, once it replayed it. */
export interface RunResult {
  iRunID: number;
  sStatus: RunStatus;
  iScore: number;
  iTicks: number;
  /** 0-based level the run ended on. */
  iLevel: number;
  /** The code a refused run was refused with (0 otherwise). */
  iRefusedCode: number;
  /** A win above the member's earlier best. */
  bNewBest: boolean;
  /** This win gave the member the demo-completion Agent (once per member). */
  bAgentGranted: boolean;
  /** Played as a guest: a win waits for registration to count. */
  bGuest: boolean;
  /** The member's place on this week's leaderboard after a win (0: not on it). */
  iRank: number;
}

export interface SubmitChunkAnswer extends Answer {
  /** Ticks accepted so far. */
  iTick: number;
  bOver: boolean;
  /** Set once the run is over. */
  pResult: RunResult | null;
}

export interface FinishRunAnswer extends Answer {
  pResult: RunResult;
}

export interface LeaderboardEntry {
  iRank: number;
  sUserName: string;
  iScore: number;
  /** The signed-in caller's own entry. */
  bYou: boolean;
  /** The member's avatar art ('' without one; issue 28, optional). */
  sAvatar?: string;
  /**
   * iRank is an estimate (two significant digits): the member sits in a crowded stretch of the
   * board, far from the top, where the place is not counted (decision 0213). Absent: exact.
   */
  bRankEstimated?: boolean;
}

export interface LeaderboardAnswer extends Answer {
  sWeek: string;
  iWeekEndsAt: number;
  aEntries: LeaderboardEntry[];
  /** The caller's entry when it is not among aEntries (null: none this week, or signed out). */
  pYou: LeaderboardEntry | null;
}

export const LEADERBOARD_SIZE = 10;

// ── Curse-breaker ────────────────────────────────────────────────────────────────────────────

export interface CursePuzzle {
  sWeek: string;
  sTitle: string;
  sLore: string;
  sCipherText: string;
  /** The kind of cipher (curseBreaker.ts CURSE_CIPHERS); the hint tells it in the lore's words. */
  sCipher: string;
  sHint: string;
  iEndsAt: number;
}

export interface CursePuzzleAnswer extends Answer {
  pPuzzle: CursePuzzle;
  /** The signed-in member solved this week's curse already. */
  bSolved: boolean;
  /** Raffle tickets a solution earns. */
  iTickets: number;
}

export interface AnswerCurseAnswer extends Answer {
  /** Tickets granted by this answer. */
  iTickets: number;
}

export const CURSE_TICKETS = 1;

// ── Weeks ────────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

export interface Week {
  /** ISO 8601 week, e.g. 2026-W02. */
  sWeek: string;
  iStartsAt: number;
  iEndsAt: number;
}

/** The ISO week (Monday 00:00 UTC to the next Monday) holding an instant. */
export function weekOf(now: number): Week {
  const day = Math.floor(now / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) % 7 counts from Monday
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  const thursday = monday + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return {
    sWeek: `${year}-W${String(week).padStart(2, '0')}`,
    iStartsAt: monday * DAY_MS,
    iEndsAt: (monday + 7) * DAY_MS,
  };
}

/** The week a name like 2026-W02 stands for, or null when it names none. */
export function parseWeek(sWeek: string): Week | null {
  const match = WEEK_PATTERN.exec(sWeek.trim());
  if (!match) return null;
  const [year, week] = [Number(match[1]), Number(match[2])];
  // January 4th is always in week 1
  const found = weekOf(Date.UTC(year, 0, 4) + (week - 1) * 7 * DAY_MS);
  return found.sWeek === `${year}-W${match[2]}` ? found : null;
}

// ── The console's curse-breaker screen (issue 29) ───────────────────────────────────────────

/** A week's curse as operators see it: what members see, plus its key, answer and source. */
export interface ConsoleCurse {
  sWeek: string;
  iStartsAt: number;
  iEndsAt: number;
  /** 'operator': set with `cursebreaker set` or the console; 'generated': from the week's name. */
  sSource: 'operator' | 'generated';
  sTitle: string;
  sLore: string;
  sCipher: string;
  sKey: string;
  sHint: string;
  sCipherText: string;
  sAnswer: string;
}

export interface ConsoleCurseSolve {
  sUserID: string;
  sUsername: string;
  iSolvedAt: number;
}

/**
 * `curseShow` {sWeek? (this week by default), iPage, iPageSize} (live:read): the week's curse, how
 * many broke it, and a page of them, earliest first.
 */
export interface ConsoleCurseAnswer extends Answer {
  pCurse: ConsoleCurse;
  iSolves: number;
  aSolves: ConsoleCurseSolve[];
  bMore: boolean;
}

/**
 * `curseSet` {sWeek?, sAnswer, sCipher, sKey?, sTitle?, sLore?, sHint?, sReason} (live:manage):
 * `cursebreaker set`; a puzzle it would refuse answers CURSE_REFUSED with its sentence.
 * `curseClear` {sWeek?, sReason}: `cursebreaker clear`; ALREADY_DONE when none was set.
 */
export interface ConsoleCurseSetAnswer extends Answer {
  pCurse: ConsoleCurse;
}
