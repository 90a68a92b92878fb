/** Request schemas of the game service's actions (server only). */
import { z } from 'zod';
import { CURSE_CIPHERS } from './curseBreaker';
import { GAME_IDS } from './games';
import { PASSWORD_MAX_LENGTH } from './identity';
import { formInt, limitedText } from './wire.schema';

const positiveId = formInt.pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));
const runKey = z.string().trim().min(16).max(64);
/** An optional guest id from a form: absent, '' and 0 all mean none. */
const optionalGuestId = z
  .union([formInt, z.literal('')])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

export const listGamesInput = z.object({});

export const startRunInput = z.object({
  sGameID: z.literal(GAME_IDS.monsterBreaker).default(GAME_IDS.monsterBreaker),
  /** A signed-out player's guest, from an earlier run; without one the server creates a guest. */
  iGuestUserID: optionalGuestId,
  sGuestPassword: z.string().max(PASSWORD_MAX_LENGTH).default(''),
});

export const submitChunkInput = z.object({
  iRunID: positiveId,
  sRunKey: runKey,
  /** The seed the browser played: another run's seed is refused as such. */
  iSeed: formInt.pipe(z.number().int().min(0).max(0xffffffff)),
  iFromTick: formInt.pipe(z.number().int().min(0)),
  /** The chunk's inputs, encodeInputLog's base64url (protocol/monsterBreaker/inputLog.ts). */
  sInputs: z
    .string()
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]*$/, 'sInputs must be base64url'),
  sStateHash: z.string().regex(/^[0-9a-f]{16}$/, 'sStateHash must be 16 hex digits'),
});

export const finishRunInput = z.object({ iRunID: positiveId, sRunKey: runKey });

export const leaderboardInput = z.object({
  sGameID: z.literal(GAME_IDS.monsterBreaker).default(GAME_IDS.monsterBreaker),
  /** An ISO week (2026-W02); this week when absent. */
  sWeek: z
    .string()
    .trim()
    .regex(/^\d{4}-W\d{2}$/, 'sWeek is an ISO week like 2026-W02')
    .optional(),
});

export const cursePuzzleInput = z.object({});

export const answerCurseInput = z.object({
  /** The week of the puzzle answered (the page may have stayed open past Monday). */
  sWeek: z
    .string()
    .trim()
    .regex(/^\d{4}-W\d{2}$/, 'sWeek is an ISO week like 2026-W02'),
  sAnswer: limitedText(200).pipe(z.string().min(1, 'Type an answer first.')),
});

// The console's curse-breaker (issue 29). The week is checked by the handler (parseWeek).
const consoleWeek = z.string().trim().max(10).optional();
const consoleText = (max: number) => z.string().trim().max(max).optional();
export const curseShowInput = z.object({
  sWeek: consoleWeek,
  iPage: z.coerce.number().int().min(0).max(10_000).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const curseSetInput = z.object({
  sWeek: consoleWeek,
  sAnswer: z.string().max(500),
  sCipher: z.enum(CURSE_CIPHERS),
  /** Absent or '': the cipher's default key. */
  sKey: consoleText(100),
  sTitle: consoleText(200),
  sLore: consoleText(2000),
  sHint: consoleText(500),
  sReason: z.string().trim().min(1, 'a reason is required').max(300),
});
export const curseClearInput = z.object({
  sWeek: consoleWeek,
  sReason: z.string().trim().min(1, 'a reason is required').max(300),
});
