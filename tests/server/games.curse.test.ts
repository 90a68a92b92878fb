import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decipher, isCurseCipher } from '../../src/protocol/curseBreaker';
import { ErrorCode } from '../../src/protocol/errors';
import type { CursePuzzleAnswer, GameSummary } from '../../src/protocol/games';
import { weekOf } from '../../src/protocol/games';
import type { UserData } from '../../src/protocol/identity';
import { runAdmin } from '../../src/server/cli/commands';
import { curseOfWeek, generatedCurse } from '../../src/server/features/games/curse';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { gameCall } from '../support/gamesHelpers';
import { ledgerProblems } from '../support/ledgerAudit';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

const WEEK_MS = 7 * 86_400_000;

describe.each(DIALECTS)('the curse-breaker on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { rateLimits: { curseAnswerPerMember: { max: 5, windowMs: 600_000 } } },
    });
  });
  afterAll(async () => t?.close());

  async function member(): Promise<TestMember> {
    const m = await signUp(t, 'breaker');
    await register(t, { userId: m.userId });
    await t.deps.db.updateTable('notice').set({ acknowledged_at: 1 }).where('user_id', '=', m.userId).execute();
    return m;
  }
  const puzzle = async (token?: string) => (await gameCall(t, 'getCurse', {}, token)) as unknown as CursePuzzleAnswer;
  const answer = (token: string, sAnswer: string, sWeek = weekOf(clock.now()).sWeek) =>
    gameCall(t, 'answerCurse', { sWeek, sAnswer }, token);
  const theAnswer = async () => (await curseOfWeek(t.deps.db, weekOf(clock.now()))).answer;
  const tickets = async (userId: string) =>
    Number(
      (await t.deps.db.selectFrom('balance').select('tickets').where('user_id', '=', userId).executeTakeFirst())
        ?.tickets ?? 0,
    );

  it('shows a signed-out visitor the week’s puzzle, never its answer', async () => {
    const shown = await puzzle();
    const curse = await curseOfWeek(t.deps.db, weekOf(clock.now()));
    expect(shown).toMatchObject({ iErrorCode: 0, bSolved: false, iTickets: 1 });
    expect(shown.pPuzzle).toMatchObject({ sWeek: '2026-W02', sTitle: curse.title, iEndsAt: Date.UTC(2026, 0, 12) });
    expect(JSON.stringify(shown).toUpperCase()).not.toContain(curse.answer.toUpperCase());
    expect(isCurseCipher(shown.pPuzzle.sCipher)).toBe(true);
    // the key is in the lore's riddle; with it, the ciphertext reads as the answer
    expect(decipher(curse.cipher, shown.pPuzzle.sCipherText, curse.key)).toBe(curse.answer.toUpperCase());
    expect(await gameCall(t, 'answerCurse', { sWeek: shown.pPuzzle.sWeek, sAnswer: curse.answer })).toMatchObject({
      iErrorCode: ErrorCode.NOT_SIGNED_IN,
    });
  });

  it('grants one ticket for the right answer, once a week, with a notice', async () => {
    const m = await member();
    const before = await tickets(m.userId);
    expect(await answer(m.token, 'cthulhu fhtagn')).toMatchObject({ iErrorCode: ErrorCode.CURSE_WRONG });
    // case, spaces and punctuation do not matter
    const right = (await theAnswer()).toLowerCase().replace(/ /g, '  ');
    expect(await answer(m.token, `${right}!`)).toMatchObject({ iErrorCode: 0, iTickets: 1 });
    expect(await tickets(m.userId)).toBe(before + 1);
    expect(await answer(m.token, right)).toMatchObject({ iErrorCode: ErrorCode.ALREADY_DONE });
    expect(await tickets(m.userId)).toBe(before + 1);

    expect((await puzzle(m.token)).bSolved).toBe(true);
    const games = (await gameCall(t, 'listGames', {}, m.token)).aGames as GameSummary[];
    expect(games.find((g) => g.sGameID === 'cursebreaker')).toMatchObject({ bCompleted: true });
    const data = (await t.deps.userData(m.userId, clock.now())) as UserData;
    expect(data.aRewardNotices).toHaveLength(1);
    expect(data.aRewardNotices[0]).toMatchObject({ sTitle: 'The curse is broken', iTickets: 1 });

    // a new week, a new curse, a new ticket
    clock.advance(WEEK_MS);
    try {
      expect((await puzzle(m.token)).bSolved).toBe(false);
      expect(await answer(m.token, await theAnswer())).toMatchObject({ iErrorCode: 0 });
      expect(await tickets(m.userId)).toBe(before + 2);
    } finally {
      clock.advance(-WEEK_MS);
    }
  });

  it('grants one ticket however many right answers arrive at once', async () => {
    const m = await member();
    const right = await theAnswer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => answer(m.token, right)));
    expect(answers.filter((a) => a.iErrorCode === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.iErrorCode === ErrorCode.ALREADY_DONE)).toHaveLength(4);
    expect(await tickets(m.userId)).toBe(2);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('limits answers per member, right or wrong', async () => {
    const m = await member();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(Number((await answer(m.token, `guess ${i}`)).iErrorCode));
    expect(codes).toEqual(Array(5).fill(ErrorCode.CURSE_WRONG));
    expect(await answer(m.token, await theAnswer())).toMatchObject({ iErrorCode: ErrorCode.RATE_LIMITED });
    clock.advance(600_000);
    expect(await answer(m.token, await theAnswer())).toMatchObject({ iErrorCode: 0 });
  });

  it('refuses an answer to a week that has ended, and bad input', async () => {
    const m = await member();
    const lastWeek = weekOf(clock.now() - WEEK_MS).sWeek;
    expect(await answer(m.token, 'anything', lastWeek)).toMatchObject({ iErrorCode: ErrorCode.CURSE_EXPIRED });
    expect(await answer(m.token, '')).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await gameCall(t, 'answerCurse', { sAnswer: 'x' }, m.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await answer(m.token, 'x'.repeat(300))).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
  });

  it('generates a different curse each week, the same on every server', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => generatedCurse(weekOf(Date.UTC(2026, 0, 5) + i * WEEK_MS)));
    expect(new Set(weeks.map((c) => `${c.title}|${c.cipher}|${c.key}`)).size).toBeGreaterThan(6);
    expect(generatedCurse(weekOf(Date.UTC(2026, 0, 5)))).toEqual(generatedCurse(weekOf(Date.UTC(2026, 0, 8))));
    for (const curse of weeks) expect(curse.hint.length).toBeGreaterThan(20);
  });

  it('lets operators set, show and clear a week’s curse, audited', async () => {
    const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => clock.now(), actor: 'cli:test' });
    const week = weekOf(clock.now() + WEEK_MS).sWeek;
    const set = await admin(
      'cursebreaker',
      'set',
      '--week',
      week,
      '--answer',
      'Ph’nglui mglw’nafh',
      '--cipher',
      'keyword',
      '--key',
      'dagon',
      '--title',
      'The Call',
    );
    expect(set.exitCode, set.output).toBe(0);
    const shown = await admin('cursebreaker', 'show', '--week', week);
    expect(shown.output).toMatch(/set by an operator/);
    expect(shown.output).toMatch(/Answer\s+Ph’nglui mglw’nafh/);
    expect(shown.output).toMatch(/keyword \(key DAGON\)/);
    expect(shown.output).toMatch(/father of the Deep Ones/);

    // it is that week's curse for players
    clock.advance(WEEK_MS);
    try {
      const m = await member();
      expect((await puzzle()).pPuzzle).toMatchObject({ sTitle: 'The Call', sCipher: 'keyword' });
      expect(await answer(m.token, 'phnglui mglwnafh')).toMatchObject({ iErrorCode: 0 });
    } finally {
      clock.advance(-WEEK_MS);
    }

    expect(await admin('cursebreaker', 'set', '--answer', 'ok')).toMatchObject({ exitCode: 2 });
    expect(
      await admin('cursebreaker', 'set', '--answer', 'long enough', '--cipher', 'shift', '--key', '30'),
    ).toMatchObject({
      exitCode: 2,
    });
    expect(await admin('cursebreaker', 'set', '--answer', 'long enough', '--cipher', 'rot')).toMatchObject({
      exitCode: 2,
    });
    expect(await admin('cursebreaker', 'show', '--week', '2026-W99')).toMatchObject({ exitCode: 2 });
    expect(await admin('cursebreaker', 'clear', '--week', week)).toMatchObject({ exitCode: 0 });
    expect(await admin('cursebreaker', 'clear', '--week', week)).toMatchObject({ exitCode: 1 });
    expect((await admin('cursebreaker', 'show', '--week', week)).output).toMatch(/generated/);
    const audit = (await listAudit(t.deps.db)).map((a) => a.action);
    expect(audit.filter((a) => a === 'cursebreaker.set')).toHaveLength(1);
    expect(audit.filter((a) => a === 'cursebreaker.clear')).toHaveLength(1);
  });
});
