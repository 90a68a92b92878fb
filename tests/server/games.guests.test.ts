import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { GameSummary, LeaderboardAnswer } from '../../src/protocol/games';
import type { UserData } from '../../src/protocol/identity';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import {
  FIXTURE_SEED,
  finishRun,
  gameCall,
  losingChunks,
  play,
  startRun,
  WINNING_RUN,
  winningChunks,
} from '../support/gamesHelpers';
import { ledgerProblems } from '../support/ledgerAudit';
import { signUp } from '../support/rewardsHelpers';

const WIN = winningChunks();

describe.each(DIALECTS)('Monster Breaker guest play on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: { gameSeed: FIXTURE_SEED, rateLimits: { newGuestPerIp: { max: 4, windowMs: 3_600_000 } } },
    });
  });
  afterAll(async () => t?.close());

  let names = 0;
  /** registerUser through the portal, as the web sends it after sign-up. */
  async function registerWith(fields: Record<string, string | number>) {
    const account = await signUp(t, 'guest-convert');
    const answer = await t.call('registerUser', { sUserName: `convert_${++names}`, ...fields }, account.token);
    return { account, answer };
  }
  const guestRow = (id: number) =>
    t.deps.db.selectFrom('guest_player').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('lets a signed-out visitor win as a guest, and registering carries the win and the Agent in', async () => {
    const run = await startRun(t);
    expect(run.iGuestUserID).toBeGreaterThan(0);
    expect(run.sGuestPassword.length).toBeGreaterThanOrEqual(20);

    const last = (await play(t, clock, run, WIN)).at(-1);
    expect(last?.pResult).toMatchObject({
      sStatus: 'won',
      iScore: WINNING_RUN.iScore,
      bGuest: true,
      bAgentGranted: false,
      iRank: 0,
    });
    expect((await guestRow(run.iGuestUserID)).beat_demo).toBe(1);
    // a guest is on no leaderboard
    const before = (await gameCall(t, 'getLeaderboard')) as unknown as LeaderboardAnswer;
    expect(before.aEntries).toEqual([]);

    const { account, answer } = await registerWith({
      iGuestUserID: run.iGuestUserID,
      sGuestPassword: run.sGuestPassword,
    });
    expect(answer.iErrorCode).toBe(0);
    const data = (await t.deps.userData(account.userId, clock.now())) as UserData;
    expect(data.pNFT?.publicMetadata.name).toBe('The Monster Breaker');

    // the win is the member's now: their best score and a place on the week's leaderboard
    const games = (await gameCall(t, 'listGames', {}, account.token)).aGames as GameSummary[];
    expect(games[0]).toMatchObject({ iBestScore: WINNING_RUN.iScore, bCompleted: true });
    const board = (await gameCall(t, 'getLeaderboard', {}, account.token)) as unknown as LeaderboardAnswer;
    expect(board.aEntries[0]).toMatchObject({ iRank: 1, sUserName: `convert_${names}`, bYou: true });
    expect(await ledgerProblems(t.deps.db)).toEqual([]);

    // the guest is spent: it starts no more runs
    expect(
      await gameCall(t, 'startRun', { iGuestUserID: run.iGuestUserID, sGuestPassword: run.sGuestPassword }),
    ).toMatchObject({ iErrorCode: ErrorCode.GUEST_INVALID });
  });

  it('keeps a guest across runs with its id and password, and refuses a wrong password', async () => {
    const first = await startRun(t);
    const again = await startRun(t, undefined, {
      iGuestUserID: first.iGuestUserID,
      sGuestPassword: first.sGuestPassword,
    });
    expect(again).toMatchObject({ iGuestUserID: first.iGuestUserID, sGuestPassword: '' });
    expect(
      await gameCall(t, 'startRun', { iGuestUserID: first.iGuestUserID, sGuestPassword: 'not-the-password' }),
    ).toMatchObject({ iErrorCode: ErrorCode.GUEST_INVALID });
    // a loss leaves nothing to carry
    await play(t, clock, again, losingChunks());
    expect((await guestRow(first.iGuestUserID)).beat_demo).toBe(0);
    const { account } = await registerWith({ iGuestUserID: first.iGuestUserID, sGuestPassword: first.sGuestPassword });
    expect(((await t.deps.userData(account.userId, clock.now())) as UserData).pNFT).toBeNull();
  });

  it('gives a win to the member who claimed the guest while it was still playing', async () => {
    const run = await startRun(t);
    await play(t, clock, run, WIN.slice(0, 10));
    const { account, answer } = await registerWith({
      iGuestUserID: run.iGuestUserID,
      sGuestPassword: run.sGuestPassword,
    });
    expect(answer.iErrorCode).toBe(0);
    expect(((await t.deps.userData(account.userId, clock.now())) as UserData).pNFT).toBeNull();
    // the browser plays on with the run key it holds
    const last = (await play(t, clock, run, WIN.slice(10))).at(-1);
    expect(last?.pResult).toMatchObject({ sStatus: 'won', bAgentGranted: true, bGuest: false, iRank: 2 });
    expect(((await t.deps.userData(account.userId, clock.now())) as UserData).pNFT).not.toBeNull();
    expect((await finishRun(t, run)).pResult).toMatchObject({ sStatus: 'won' });
  });

  it('refuses a member run to a visitor, and a session that ended', async () => {
    expect(await gameCall(t, 'startRun', {}, 'no-such-session')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    // an account that never finished registering plays as no one
    const unregistered = await signUp(t, 'unfinished');
    expect(await gameCall(t, 'startRun', {}, unregistered.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_REGISTERED,
    });
  });

  it('limits new guests per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(Number((await gameCall(t, 'startRun')).iErrorCode));
    expect(codes).toContain(ErrorCode.RATE_LIMITED);
    // a guest it already has still plays
    const rows = await t.deps.db.selectFrom('guest_player').select('id').execute();
    expect(rows.length).toBeLessThanOrEqual(4);
  });
});
