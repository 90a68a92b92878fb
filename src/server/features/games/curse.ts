import { createHash } from 'node:crypto';
import {
  type CurseCipher,
  cipherKeyProblem,
  encipher,
  isCurseCipher,
  normalizeAnswer,
} from '../../../protocol/curseBreaker';
import { CURSE_TICKETS, type CursePuzzle, type Week } from '../../../protocol/games';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { usernamesOf } from '../identity/index';
import { applyGrant, notifyReward } from '../rewards/index';
import { CURSE_KEYWORDS, CURSE_SCRAPS, cipherHint } from './curseLore';
import type { GamesDb } from './tables';

/**
 * The curse-breaker (docs/product.md §15): one cipher puzzle per ISO week, set by an operator or
 * generated from the week's name, and one raffle ticket, once per week, for a member who breaks it.
 */
export interface WeeklyCurse {
  week: Week;
  title: string;
  lore: string;
  cipher: CurseCipher;
  key: string;
  answer: string;
  hint: string;
  source: 'operator' | 'generated';
}

/** The week's puzzle when no operator set one: the same for every server, chosen by the week's name. */
export function generatedCurse(week: Week): WeeklyCurse {
  const digest = createHash('sha256').update(`cursebreaker:${week.sWeek}`).digest();
  const scrap = CURSE_SCRAPS[digest.readUInt32BE(0) % CURSE_SCRAPS.length] as (typeof CURSE_SCRAPS)[number];
  const cipher = (['shift', 'mirror', 'keyword'] as const)[digest.readUInt8(4) % 3] as CurseCipher;
  const key =
    cipher === 'shift'
      ? String(1 + (digest.readUInt8(5) % 25))
      : cipher === 'keyword'
        ? (CURSE_KEYWORDS[digest.readUInt8(6) % CURSE_KEYWORDS.length]?.key ?? 'DAGON')
        : '';
  return { week, ...scrap, cipher, key, hint: cipherHint(cipher, key), source: 'generated' };
}

export async function curseOfWeek(db: GamesDb, week: Week): Promise<WeeklyCurse> {
  const row = await db.selectFrom('curse_puzzle').selectAll().where('week', '=', week.sWeek).executeTakeFirst();
  if (!row || !isCurseCipher(row.cipher)) return generatedCurse(week);
  return {
    week,
    title: row.title,
    lore: row.lore,
    cipher: row.cipher,
    key: row.cipher_key,
    answer: row.answer,
    hint: row.hint,
    source: 'operator',
  };
}

/** What players see: everything but the key and the answer. */
export function publicPuzzle(curse: WeeklyCurse): CursePuzzle {
  return {
    sWeek: curse.week.sWeek,
    sTitle: curse.title,
    sLore: curse.lore,
    sCipherText: encipher(curse.cipher, curse.answer, curse.key),
    sCipher: curse.cipher,
    sHint: curse.hint,
    iEndsAt: curse.week.iEndsAt,
  };
}

export async function hasSolved(db: GamesDb, week: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('curse_solve')
    .select('user_id')
    .where('week', '=', week)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export type CurseVerdict = 'correct' | 'wrong' | 'already';

/**
 * Checks a member's answer to the week's curse. A right one, the first of the week, grants the
 * ticket and its notice in the transaction that records the solution: however many arrive at
 * once, one ticket.
 */
export async function answerCurse(
  db: GamesDb,
  attempt: { userId: string; curse: WeeklyCurse; answer: string; now: number },
): Promise<CurseVerdict> {
  const { userId, curse, now } = attempt;
  const week = curse.week.sWeek;
  if (await hasSolved(db, week, userId)) return 'already';
  if (normalizeAnswer(attempt.answer) !== normalizeAnswer(curse.answer)) return 'wrong';
  return inTransaction(db, async (trx) => {
    const solved = await trx
      .insertInto('curse_solve')
      .values({ week, user_id: userId, solved_at: now })
      .onConflict((oc) => oc.columns(['week', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!solved) return 'already';
    const key = `cursebreaker:${week}:${userId}`;
    await applyGrant(trx, {
      userId,
      key,
      reason: `curse-breaker ${week}`,
      lines: [{ asset: 'tickets', amount: CURSE_TICKETS }],
      now,
    });
    await notifyReward(trx, {
      userId,
      key,
      now,
      sTitle: 'The curse is broken',
      sMessage: `You broke the curse of "${curse.title}". A raffle ticket is yours for the weekly raffle.`,
      iTickets: CURSE_TICKETS,
    });
    return 'correct';
  });
}

export interface CurseSetting {
  week: Week;
  answer: string;
  cipher: CurseCipher;
  key: string;
  title?: string;
  lore?: string;
  hint?: string;
}

/** Why an operator's puzzle would be refused, or null. */
export function curseSettingProblem(setting: CurseSetting): string | null {
  const letters = normalizeAnswer(setting.answer).length;
  if (letters < 4 || setting.answer.length > 200)
    return 'The answer needs 4 to 200 characters, at least 4 of them letters.';
  return cipherKeyProblem(setting.cipher, setting.key);
}

/** The key a cipher takes when the operator gives none. */
export function defaultCurseKey(cipher: CurseCipher): string {
  return cipher === 'shift' ? '3' : cipher === 'keyword' ? 'DAGON' : '';
}

/**
 * A week's puzzle as `cursebreaker set` and the console's curseSet ask it: the cipher's default key
 * when none is given, the check, then setCurse. The problem's sentence, or the curse now set.
 */
export async function setWeekCurse(
  db: GamesDb,
  asked: Omit<CurseSetting, 'key'> & { key?: string },
  audit: { actor: string; now: number; reason?: string },
): Promise<{ problem: string } | { curse: WeeklyCurse }> {
  const setting = { ...asked, key: asked.key ?? defaultCurseKey(asked.cipher) };
  const problem = curseSettingProblem(setting);
  if (problem) return { problem };
  return { curse: await setCurse(db, setting, audit.actor, audit.now, audit.reason) };
}

/** Sets a week's puzzle (replacing the generated one or an earlier setting), audited. */
export async function setCurse(
  db: GamesDb,
  setting: CurseSetting,
  actor: string,
  now: number,
  reason?: string,
): Promise<WeeklyCurse> {
  const generated = generatedCurse(setting.week);
  const key =
    setting.cipher === 'keyword' ? normalizeAnswer(setting.key) : setting.cipher === 'shift' ? setting.key : '';
  const row = {
    week: setting.week.sWeek,
    title: setting.title?.trim() || generated.title,
    lore: setting.lore?.trim() || generated.lore,
    cipher: setting.cipher,
    cipher_key: key,
    answer: setting.answer.trim(),
    hint: setting.hint?.trim() || cipherHint(setting.cipher, key),
    created_by: actor,
    updated_at: now,
  };
  await inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('curse_puzzle').selectAll().where('week', '=', row.week).executeTakeFirst();
    await trx
      .insertInto('curse_puzzle')
      .values(row)
      .onConflict((oc) => oc.column('week').doUpdateSet({ ...row }))
      .execute();
    await writeAudit(trx, {
      actor,
      action: 'cursebreaker.set',
      detail: reason ? { before: before ?? null, after: row, reason } : { before: before ?? null, after: row },
      at: now,
    });
  });
  return curseOfWeek(db, setting.week);
}

/** Removes a week's operator puzzle (the generated one returns); false when none was set. */
export async function clearCurse(
  db: GamesDb,
  week: Week,
  actor: string,
  now: number,
  reason?: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom('curse_puzzle').where('week', '=', week.sWeek).executeTakeFirst();
    const cleared = Number(removed.numDeletedRows) > 0;
    const detail = reason ? { week: week.sWeek, reason } : { week: week.sWeek };
    if (cleared) await writeAudit(trx, { actor, action: 'cursebreaker.clear', detail, at: now });
    return cleared;
  });
}

export async function solveCount(db: GamesDb, week: string): Promise<number> {
  const row = await db
    .selectFrom('curse_solve')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('week', '=', week)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of a week's solutions, earliest first, with the solvers' usernames ('' for an account with none). */
export async function curseSolves(
  db: GamesDb,
  week: string,
  page: { offset: number; limit: number },
): Promise<Array<{ userId: string; username: string; solvedAt: number }>> {
  const rows = await db
    .selectFrom('curse_solve')
    .select(['user_id', 'solved_at'])
    .where('week', '=', week)
    .orderBy('solved_at')
    .orderBy('user_id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const names = await usernamesOf(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({ userId: r.user_id, username: names.get(r.user_id) ?? '', solvedAt: Number(r.solved_at) }));
}
