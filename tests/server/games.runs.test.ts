import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { GameSummary, LeaderboardAnswer, RunResult } from '../../src/protocol/games';
import type { UserData } from '../../src/protocol/identity';
import { encodeInputLog } from '../../src/protocol/monsterBreaker/inputLog';
import { loadConfig } from '../../src/server/config';
import { RunReplays } from '../../src/server/features/games/replays';
import { tidyRuns } from '../../src/server/features/games/runs';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import {
  autopilotChunks,
  autopilotRun,
  FIXTURE_SEED,
  finishRun,
  gameCall,
  LOSING_RUN,
  losingChunks,
  play,
  type Run,
  startRun,
  submitChunk,
  WINNING_RUN,
  winningChunks,
} from '../support/gamesHelpers';
import { ledgerProblems } from '../support/ledgerAudit';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

const WIN = winningChunks();
const LOSS = losingChunks();

describe.each(DIALECTS)('Monster Breaker runs on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock, config: { gameSeed: FIXTURE_SEED } });
  });
  afterAll(async () => t?.close());

  async function member(label = 'player'): Promise<TestMember> {
    const m = await signUp(t, label);
    await register(t, { userId: m.userId });
    // the registration popups are not what these tests look at
    await t.deps.db.updateTable('notice').set({ acknowledged_at: 1 }).where('user_id', '=', m.userId).execute();
    return m;
  }
  const userData = async (userId: string) => (await t.deps.userData(userId, clock.now())) as UserData;
  const demoAgentRows = async (userId: string) =>
    (await t.deps.db.selectFrom('ledger').select('id').where('idem_key', '=', `demo-agent:${userId}`).execute()).length;

  it('accepts a recorded win: the score, the weekly leaderboard and the demo Agent, once', async () => {
    const a = await member();
    const run = await startRun(t, a.token);
    expect(run).toMatchObject({ iSeed: FIXTURE_SEED, iChunkTicks: 120, iSpeedLimit: 1, iGuestUserID: 0 });
    expect(run.pConfig).toMatchObject({ iLives: 3, iLevels: 4 });

    const answers = await play(t, clock, run, WIN, a.token);
    expect(answers.every((answer) => answer.iErrorCode === 0)).toBe(true);
    const last = answers.at(-1);
    expect(last).toMatchObject({ bOver: true, iTick: WINNING_RUN.iTicks });
    expect(last?.pResult).toMatchObject({
      sStatus: 'won',
      iScore: WINNING_RUN.iScore,
      bNewBest: true,
      bAgentGranted: true,
      bGuest: false,
      iRank: 1,
    } satisfies Partial<RunResult>);
    expect(answers.slice(0, -1).every((answer) => !answer.bOver && answer.pResult === null)).toBe(true);

    // finishRun answers the same verified result
    expect((await finishRun(t, run, a.token)).pResult).toMatchObject({ sStatus: 'won', iScore: WINNING_RUN.iScore });

    const games = (await gameCall(t, 'listGames', {}, a.token)).aGames as GameSummary[];
    expect(games[0]).toMatchObject({ sGameID: 'm1', iBestScore: WINNING_RUN.iScore, bCompleted: true });
    const board = (await gameCall(t, 'getLeaderboard', {}, a.token)) as unknown as LeaderboardAnswer;
    expect(board.aEntries[0]).toMatchObject({ iRank: 1, iScore: WINNING_RUN.iScore, bYou: true });
    expect(board.aEntries[0]?.sUserName).toMatch(/^m_/);

    // the demo-completion Agent waits in the popup queue (pNFT)
    const data = await userData(a.userId);
    expect(data.pNFT?.publicMetadata.name).toBe('The Monster Breaker');

    // a second win counts for the leaderboard but grants nothing more
    const again = await startRun(t, a.token);
    const second = (await play(t, clock, again, WIN, a.token)).at(-1);
    expect(second?.pResult).toMatchObject({ sStatus: 'won', bAgentGranted: false, bNewBest: false });
    expect(await demoAgentRows(a.userId)).toBe(1);
    const notices = await t.deps.db
      .selectFrom('notice')
      .select('id')
      .where('user_id', '=', a.userId)
      .where('kind', '=', 'pNFT')
      .execute();
    expect(notices).toHaveLength(1);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('replays a loss, which counts for nothing', async () => {
    const b = await member();
    const run = await startRun(t, b.token);
    const last = (await play(t, clock, run, LOSS, b.token)).at(-1);
    expect(last).toMatchObject({ iErrorCode: 0, bOver: true, iTick: LOSING_RUN.iTicks });
    expect(last?.pResult).toMatchObject({ sStatus: 'lost', iScore: LOSING_RUN.iScore, bAgentGranted: false, iRank: 0 });
    const games = (await gameCall(t, 'listGames', {}, b.token)).aGames as GameSummary[];
    expect(games[0]).toMatchObject({ iBestScore: 0, bCompleted: false });
    expect(await demoAgentRows(b.userId)).toBe(0);
    // nothing more after the end
    expect(
      await submitChunk(t, run, { iFromTick: LOSING_RUN.iTicks, sInputs: 'AA', sStateHash: '0'.repeat(16) }, b.token),
    ).toMatchObject({
      iErrorCode: ErrorCode.RUN_CLOSED,
    });
  });

  it('refuses a tampered state hash, and the run stays refused', async () => {
    const c = await member();
    const run = await startRun(t, c.token);
    const chunks = WIN.slice(0, 4).map((chunk) => ({ ...chunk }));
    (chunks[2] as { sStateHash: string }).sStateHash = 'ffffffffffffffff';
    const answers = await play(t, clock, run, chunks, c.token);
    expect(answers.map((a) => a.iErrorCode)).toEqual([0, 0, ErrorCode.RUN_FORGED]);
    expect(answers[2]?.sMessage).toMatch(/does not replay/);
    // the honest chunk afterwards changes nothing
    clock.advance(2000);
    expect(await submitChunk(t, run, WIN[2] as (typeof WIN)[number], c.token)).toMatchObject({
      iErrorCode: ErrorCode.RUN_FORGED,
    });
    expect((await finishRun(t, run, c.token)).pResult).toMatchObject({
      sStatus: 'refused',
      iRefusedCode: ErrorCode.RUN_FORGED,
    });
  });

  it('refuses forged inputs that claim a better state, and impossible inputs', async () => {
    const d = await member();
    // the first chunk's inputs replaced by "hold right", claiming the honest hash
    const forged = await startRun(t, d.token);
    clock.advance(2000);
    const holdRight = encodeInputLog(new Array(120).fill(2));
    expect(
      await submitChunk(t, forged, { ...(WIN[0] as (typeof WIN)[number]), sInputs: holdRight }, d.token),
    ).toMatchObject({
      iErrorCode: ErrorCode.RUN_FORGED,
    });

    // LEFT and RIGHT at once is no input the game can produce (key token 0x30)
    const impossible = await startRun(t, d.token);
    clock.advance(2000);
    expect(
      await submitChunk(t, impossible, { iFromTick: 0, sInputs: 'MA', sStateHash: '0'.repeat(16) }, d.token),
    ).toMatchObject({ iErrorCode: ErrorCode.RUN_IMPOSSIBLE });

    // more ticks than any chunk may hold
    const long = await startRun(t, d.token);
    clock.advance(60_000);
    const minute = encodeInputLog(new Array(3600).fill(0));
    expect(
      await submitChunk(t, long, { iFromTick: 0, sInputs: minute, sStateHash: '0'.repeat(16) }, d.token),
    ).toMatchObject({
      iErrorCode: ErrorCode.RUN_IMPOSSIBLE,
    });

    // malformed fields never reach the replay
    const bad = await gameCall(
      t,
      'submitChunk',
      {
        iRunID: long.iRunID,
        sRunKey: long.sRunKey,
        iSeed: long.iSeed,
        iFromTick: 0,
        sInputs: 'not base64!',
        sStateHash: 'x',
      },
      d.token,
    );
    expect(bad).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
  });

  it('refuses chunks played on another seed', async () => {
    const e = await member();
    const run = await startRun(t, e.token);
    clock.advance(2000);
    expect(await submitChunk(t, run, WIN[0] as (typeof WIN)[number], e.token, FIXTURE_SEED + 1)).toMatchObject({
      iErrorCode: ErrorCode.RUN_WRONG_SEED,
    });
    expect((await finishRun(t, run, e.token)).pResult).toMatchObject({ iRefusedCode: ErrorCode.RUN_WRONG_SEED });

    // played on another seed but claiming this run's: the replay tells
    const other = await startRun(t, e.token);
    clock.advance(2000);
    const elsewhere = autopilotChunks(FIXTURE_SEED + 7)?.[0] as (typeof WIN)[number];
    expect(await submitChunk(t, other, elsewhere, e.token)).toMatchObject({ iErrorCode: ErrorCode.RUN_FORGED });
  });

  it('refuses a run that arrives faster than it can be played', async () => {
    const f = await member();
    const run = await startRun(t, f.token);
    // the first two seconds of play, sent after a fifth of a second
    clock.advance(200);
    expect(await submitChunk(t, run, WIN[0] as (typeof WIN)[number], f.token)).toMatchObject({
      iErrorCode: ErrorCode.RUN_TOO_FAST,
    });

    // a whole win played at double speed gets caught on the way
    const fast = await startRun(t, f.token);
    const answers = [];
    for (const chunk of WIN) {
      clock.advance(1000);
      const answer = await submitChunk(t, fast, chunk, f.token);
      answers.push(answer.iErrorCode);
      if (answer.iErrorCode !== 0) break;
    }
    expect(answers.at(-1)).toBe(ErrorCode.RUN_TOO_FAST);
    expect(answers.length).toBeLessThan(5);
    const games = (await gameCall(t, 'listGames', {}, f.token)).aGames as GameSummary[];
    expect(games[0]?.iBestScore).toBe(0);
  });

  it("refuses another player's run", async () => {
    const owner = await member('owner');
    const thief = await member('thief');
    const run = await startRun(t, owner.token);
    clock.advance(2000);
    const chunk = WIN[0] as (typeof WIN)[number];
    expect(await submitChunk(t, run, chunk, thief.token)).toMatchObject({ iErrorCode: ErrorCode.RUN_NOT_YOURS });
    expect(await submitChunk(t, run, chunk)).toMatchObject({ iErrorCode: ErrorCode.RUN_NOT_YOURS });
    expect(await submitChunk(t, { ...run, sRunKey: 'x'.repeat(32) }, chunk, owner.token)).toMatchObject({
      iErrorCode: ErrorCode.RUN_NOT_YOURS,
    });
    expect(await finishRun(t, run, thief.token)).toMatchObject({ iErrorCode: ErrorCode.RUN_NOT_YOURS });
    expect(await submitChunk(t, { ...run, iRunID: 999_999 }, chunk, owner.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    // the owner's own chunk is still welcome: nothing was refused
    expect(await submitChunk(t, run, chunk, owner.token)).toMatchObject({ iErrorCode: 0, iTick: 120 });
  });

  it('answers a resent chunk like the first time, refuses a gap, and advances once under parallel resends', async () => {
    const g = await member();
    const run = await startRun(t, g.token);
    await play(t, clock, run, WIN.slice(0, 2), g.token);
    expect(await submitChunk(t, run, WIN[0] as (typeof WIN)[number], g.token)).toMatchObject({
      iErrorCode: 0,
      iTick: 240,
    });
    clock.advance(4000);
    expect(await submitChunk(t, run, WIN[3] as (typeof WIN)[number], g.token)).toMatchObject({
      iErrorCode: ErrorCode.RUN_OUT_OF_ORDER,
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submitChunk(t, run, WIN[2] as (typeof WIN)[number], g.token)),
    );
    expect(answers.map((a) => a.iErrorCode)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(answers.map((a) => a.iTick)).toEqual([360, 360, 360, 360, 360, 360]);
    const stored = await t.deps.db
      .selectFrom('game_run_chunk')
      .select('from_tick')
      .where('run_id', '=', run.iRunID)
      .execute();
    expect(stored.map((row) => Number(row.from_tick)).sort((x, y) => x - y)).toEqual([0, 120, 240]);
  });

  it('rebuilds a run from its stored chunks on a server that has not seen it', async () => {
    const h = await member();
    const run = await startRun(t, h.token);
    await play(t, clock, run, WIN.slice(0, 5), h.token);
    clock.advance(2000);
    const elsewhere = new RunReplays({ db: t.deps.db, clock, speedLimit: 1 });
    const session = async () => ({ id: h.userId, email: h.email, emailVerified: false, name: 'h', sessionId: 's' });
    const { iRunID, sRunKey, iSeed } = run;
    expect(
      await elsewhere.submit(iRunID, sRunKey, session, { iSeed, ...(WIN[5] as (typeof WIN)[number]) }),
    ).toMatchObject({
      iErrorCode: 0,
      iTick: 720,
    });
    // and this server, whose verifier is now behind, catches up too
    clock.advance(2000);
    expect(await submitChunk(t, run, WIN[6] as (typeof WIN)[number], h.token)).toMatchObject({
      iErrorCode: 0,
      iTick: 840,
    });
  });

  it('reads the game vars at the start of each run', async () => {
    const i = await member();
    await setGameVar(t.deps, { sVarID: 'iMonsterBreakerLives', sType: 'int', sValue: '5' }, 'test', clock.now());
    await setGameVar(t.deps, { sVarID: 'iMonsterBreakerLevels', sType: 'int', sValue: '3' }, 'test', clock.now());
    try {
      const run = await startRun(t, i.token);
      expect(run.pConfig).toMatchObject({ iLives: 5, iLevels: 3, iBallSpeed: 200 });
      // the recorded run was made under other rules: it no longer replays
      clock.advance(2000);
      expect(await submitChunk(t, run, WIN[0] as (typeof WIN)[number], i.token)).toMatchObject({
        iErrorCode: ErrorCode.RUN_FORGED,
      });
      // the autopilot under this run's rules wins it
      const tuned = await autopilotRun(t, i.token);
      const last = (await play(t, clock, tuned.run, tuned.chunks, i.token)).at(-1);
      expect(last?.pResult).toMatchObject({ sStatus: 'won' });
    } finally {
      await setGameVar(t.deps, { sVarID: 'iMonsterBreakerLives', sType: 'int', sValue: '3' }, 'test', clock.now());
      await setGameVar(t.deps, { sVarID: 'iMonsterBreakerLevels', sType: 'int', sValue: '4' }, 'test', clock.now());
    }
    expect(await setGameVar(t.deps, { sVarID: 'iMonsterBreakerLives', sType: 'int', sValue: '12' }, 'test', 0)).toMatch(
      /1…9/,
    );
  });

  it('ends a run the player leaves, and idle runs after two hours', async () => {
    const j = await member();
    const left = await startRun(t, j.token);
    await play(t, clock, left, WIN.slice(0, 1), j.token);
    expect((await finishRun(t, left, j.token)).pResult).toMatchObject({ sStatus: 'abandoned', iTicks: 120 });
    expect(await submitChunk(t, left, WIN[1] as (typeof WIN)[number], j.token)).toMatchObject({
      iErrorCode: ErrorCode.RUN_CLOSED,
    });

    const idle = await startRun(t, j.token);
    clock.advance(3 * 3_600_000);
    expect(await tidyRuns(t.deps.db, clock.now(), 2 * 3_600_000, 7 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect((await finishRun(t, idle, j.token)).pResult).toMatchObject({ sStatus: 'abandoned' });
  });

  it('answers bad input with codes, never a server error', async () => {
    const k = await member();
    const run: Run = await startRun(t, k.token);
    for (const fields of [
      {},
      { iRunID: 'abc', sRunKey: run.sRunKey },
      { iRunID: run.iRunID, sRunKey: 'short' },
      { iRunID: run.iRunID, sRunKey: run.sRunKey, iSeed: -1, iFromTick: 0, sInputs: '', sStateHash: '0'.repeat(16) },
      {
        iRunID: run.iRunID,
        sRunKey: run.sRunKey,
        iSeed: 1,
        iFromTick: 0,
        sInputs: 'A'.repeat(20_000),
        sStateHash: '0'.repeat(16),
      },
    ]) {
      expect(await gameCall(t, 'submitChunk', fields as Record<string, string>, k.token)).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
      });
    }
    expect(await gameCall(t, 'startRun', { sGameID: 'tetris' }, k.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await gameCall(t, 'getLeaderboard', { sWeek: '2026-W60' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await gameCall(t, 'nope')).toMatchObject({ iErrorCode: ErrorCode.UNKNOWN_ACTION });
    // an empty chunk is no chunk
    clock.advance(2000);
    expect(await submitChunk(t, run, { iFromTick: 0, sInputs: '', sStateHash: '0'.repeat(16) }, k.token)).toMatchObject(
      { iErrorCode: ErrorCode.RUN_IMPOSSIBLE },
    );
  });
});

describe('the game clock of test servers', () => {
  it('lets test servers accept fast-forwarded runs, never production', () => {
    const secret = { AUTH_SECRET: 'a-secret-long-enough-for-production-0000' };
    expect(loadConfig({ NODE_ENV: 'test', GAME_TIME_SCALE: '60' }).gameTimeScale).toBe(60);
    expect(loadConfig({ NODE_ENV: 'production', GAME_TIME_SCALE: '60', ...secret }).gameTimeScale).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test' }).gameTimeScale).toBe(1);
  });
});

describe.each(DIALECTS)('Monster Breaker seeds on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  it('gives every run its own seed, and a win on one run does not replay on another', async () => {
    const m = await signUp(t, 'seeds');
    await register(t, { userId: m.userId });
    const { run: first, chunks: won } = await autopilotRun(t, m.token);
    const second = await startRun(t, m.token);
    expect(first.iSeed).not.toBe(second.iSeed);
    // the first run's recording, sent to the second run under its own seed: refused as such
    clock.advance(2000);
    expect(await submitChunk(t, second, won[0] as (typeof won)[number], m.token, first.iSeed)).toMatchObject({
      iErrorCode: ErrorCode.RUN_WRONG_SEED,
    });
    const last = (await play(t, clock, first, won, m.token)).at(-1);
    expect(last?.pResult).toMatchObject({ sStatus: 'won', bAgentGranted: true });
  });
});
