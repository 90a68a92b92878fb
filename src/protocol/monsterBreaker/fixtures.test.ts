import { describe, expect, it } from 'vitest';
import { chunkRun, verifyRun } from './chunks';
import { createEvents, GameEvent } from './events';
import { FIXTURE_CONFIG, FIXTURE_SEED, LOSING_RUN, WINNING_RUN } from './fixtures';
import { hashState } from './hash';
import { decodeInputLog } from './inputLog';
import { replay, runInputs } from './replay';
import { Phase } from './state';
import { createGame } from './step';
import { warmUpMonsterBreaker } from './warmUp';

describe('recorded monster breaker runs', () => {
  it('replays the recorded win to a win with the recorded hash', () => {
    const s = replay(FIXTURE_SEED, FIXTURE_CONFIG, WINNING_RUN.sLog);
    expect(s.iPhase).toBe(Phase.Won);
    expect(s.iTick).toBe(WINNING_RUN.iTicks);
    expect(s.iScore).toBe(WINNING_RUN.iScore);
    expect(hashState(s)).toBe(WINNING_RUN.sFinalHash);
  });

  it('replays the recorded loss to a loss', () => {
    const s = replay(FIXTURE_SEED, FIXTURE_CONFIG, LOSING_RUN.sLog);
    expect(s.iPhase).toBe(Phase.Lost);
    expect(s.iLives).toBe(0);
    expect(hashState(s)).toBe(LOSING_RUN.sFinalHash);
  });

  it('verifies the chunked win and the chunked loss', () => {
    const win = verifyRun(
      FIXTURE_SEED,
      FIXTURE_CONFIG,
      chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(WINNING_RUN.sLog)),
    );
    expect(win).toEqual({
      bValid: true,
      iTicks: WINNING_RUN.iTicks,
      iScore: WINNING_RUN.iScore,
      iLevel: 3,
      bWon: true,
      bOver: true,
      sFinalHash: WINNING_RUN.sFinalHash,
    });
    const loss = verifyRun(
      FIXTURE_SEED,
      FIXTURE_CONFIG,
      chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(LOSING_RUN.sLog)),
    );
    expect(loss).toMatchObject({ bValid: true, bWon: false, bOver: true, sFinalHash: LOSING_RUN.sFinalHash });
  });

  it('shows power-ups, every level and the boss in the won run', () => {
    const counts = new Map<number, number>();
    const events = createEvents();
    runInputs(createGame(FIXTURE_SEED, FIXTURE_CONFIG), decodeInputLog(WINNING_RUN.sLog), events, () => {
      for (let i = 0; i < events.iCount; i++) counts.set(events.aKind[i]!, (counts.get(events.aKind[i]!) ?? 0) + 1);
    });
    expect(counts.get(GameEvent.PowerUpDropped)).toBeGreaterThan(5);
    expect(counts.get(GameEvent.PowerUpCaught)).toBeGreaterThan(3);
    expect(counts.get(GameEvent.LevelCleared)).toBe(3);
    expect(counts.get(GameEvent.BossHit)).toBe(30);
    expect(counts.get(GameEvent.BossSpawn)).toBeGreaterThan(0);
    expect(counts.get(GameEvent.BlockBroken)).toBeGreaterThan(60);
    expect(counts.get(GameEvent.Win)).toBe(1);
    expect(counts.get(GameEvent.Loss)).toBeUndefined();
  });

  it('warms up a server process with the recorded runs, which still verify', () => {
    expect(warmUpMonsterBreaker(1)).toBe(true);
  });
});
