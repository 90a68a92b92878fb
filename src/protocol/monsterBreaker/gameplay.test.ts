import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, normalizeConfig } from './config';
import { BALL_R, FIELD_W, GRID_COLS, PADDLE_TOP, PADDLE_W, PADDLE_WIDE_W } from './constants';
import { createEvents, GameEvent } from './events';
import { hashState } from './hash';
import { INPUT_LAUNCH, isValidInput, keyInput, targetInput } from './input';
import { isOver } from './replay';
import { type GameState, Phase, PowerUp } from './state';
import { createGame, isBossLevel, step } from './step';
import { playAutopilot } from './testSupport';
import { COS, SIN } from './trig';

/** A game whose only ball is falling straight onto the paddle at `offset` from its centre. */
function fallingOntoPaddle(offset: number): GameState {
  const s = createGame(1);
  step(s, INPUT_LAUNCH);
  s.aBallX[0] = s.iPaddleX + offset;
  s.aBallY[0] = PADDLE_TOP - BALL_R - 2;
  s.aBallAngle[0] = 64;
  return s;
}

describe('monster breaker rules', () => {
  it('normalises config from game vars: defaults, integers, clamped', () => {
    expect(normalizeConfig()).toEqual(DEFAULT_CONFIG);
    expect(
      normalizeConfig({ iLives: 5.7, iLevels: 9, iBallSpeed: '150' as unknown as number, iBossHp: Number.NaN }),
    ).toEqual({
      ...DEFAULT_CONFIG,
      iLives: 5,
      iLevels: 5,
      iBallSpeed: 150,
    });
  });

  it('accepts only canonical inputs', () => {
    expect([0, 1, 2, 4, 5, 6, keyInput(-1, true), targetInput(0), targetInput(240, true)].every(isValidInput)).toBe(
      true,
    );
    expect([3, 7, 16, 9, 10, 0x1000, -1, 0.5, targetInput(240) + 16].some(isValidInput)).toBe(false);
    expect(targetInput(999)).toBe(targetInput(240));
  });

  it('keeps the ball on the paddle until launched, then launches it upwards', () => {
    const s = createGame(3);
    for (let i = 0; i < 10; i++) step(s, keyInput(1));
    expect(s.iPhase).toBe(Phase.Serve);
    expect(s.aBallX[0]).toBe(s.iPaddleX);
    const events = createEvents();
    step(s, INPUT_LAUNCH, events);
    expect(s.iPhase).toBe(Phase.Play);
    expect(SIN[s.aBallAngle[0]!]).toBeLessThan(0);
    expect(events.aKind[0]).toBe(GameEvent.Launch);
  });

  it('serves by itself after five seconds', () => {
    const s = createGame(3);
    for (let i = 0; i < 299; i++) step(s, 0);
    expect(s.iPhase).toBe(Phase.Serve);
    step(s, 0);
    expect(s.iPhase).toBe(Phase.Play);
  });

  it('moves the paddle at paddle speed towards a pointer target and keeps it on the field', () => {
    const s = createGame(3);
    const start = s.iPaddleX;
    step(s, targetInput(200));
    expect(s.iPaddleX - start).toBe(s.iPaddleStep);
    for (let i = 0; i < 200; i++) step(s, targetInput(240));
    expect(s.iPaddleX).toBe(FIELD_W - PADDLE_W / 2);
    for (let i = 0; i < 200; i++) step(s, keyInput(-1));
    expect(s.iPaddleX).toBe(PADDLE_W / 2);
  });

  it('sends the ball left, right or nearly straight up depending on where it meets the paddle', () => {
    const angleAfterBounce = (offset: number) => {
      const s = fallingOntoPaddle(offset);
      step(s, 0);
      return s.aBallAngle[0]!;
    };
    const left = angleAfterBounce(-PADDLE_W / 2);
    const centre = angleAfterBounce(1);
    const right = angleAfterBounce(PADDLE_W / 2);
    expect(COS[left]).toBeLessThan(0);
    expect(COS[right]).toBeGreaterThan(0);
    expect(Math.abs(COS[centre]!)).toBeLessThan(Math.abs(COS[right]!) / 4);
    expect(SIN[left]).toBeLessThan(0);
  });

  it('speeds the ball up a little on each paddle hit and resets the combo', () => {
    const s = fallingOntoPaddle(0);
    s.iCombo = 4;
    const before = s.iSpeed;
    step(s, 0);
    expect(s.iSpeed).toBeGreaterThan(before);
    expect(s.iSpeed).toBeLessThan(before * 1.05);
    expect(s.iCombo).toBe(0);
  });

  it('loses a life when the last ball falls, and the run when lives run out', () => {
    const s = createGame(5, { iLives: 2 });
    const events = createEvents();
    const seen: number[] = [];
    while (!isOver(s)) {
      step(s, keyInput(-1, true), events);
      for (let i = 0; i < events.iCount; i++) seen.push(events.aKind[i]!);
    }
    expect(s.iPhase).toBe(Phase.Lost);
    expect(seen.filter((k) => k === GameEvent.LifeLost)).toHaveLength(2);
    expect(seen.at(-1)).toBe(GameEvent.Loss);
    const hash = hashState(s);
    step(s, INPUT_LAUNCH);
    expect(hashState(s)).toBe(hash);
  });

  it('damages a monster hit by hit, scores, and counts it when broken', () => {
    const s = createGame(1);
    step(s, INPUT_LAUNCH);
    const cell = 4 * GRID_COLS + 5;
    s.aGrid[cell] = 2;
    const cellX = 5 * 20 * 256 + 10 * 256;
    const below = (40 + 5 * 10) * 256 + BALL_R + 2;
    const left = s.iBlocksLeft;
    for (const hp of [1, 0]) {
      s.aBallX[0] = cellX;
      s.aBallY[0] = below;
      s.aBallAngle[0] = 192;
      step(s, 0);
      expect(s.aGrid[cell]).toBe(hp);
      expect(SIN[s.aBallAngle[0]!]).toBeGreaterThan(0);
    }
    expect(s.iBlocksLeft).toBe(left - 1);
    expect(s.iScore).toBeGreaterThan(0);
  });

  it('widens the paddle when a wide power-up is caught, for a while', () => {
    const s = createGame(1);
    step(s, INPUT_LAUNCH);
    s.iDrops = 1;
    s.aDropX[0] = s.iPaddleX;
    s.aDropY[0] = PADDLE_TOP - 256;
    s.aDropKind[0] = PowerUp.Wide;
    step(s, 0);
    expect(s.iDrops).toBe(0);
    expect(s.iPaddleW).toBe(PADDLE_WIDE_W);
    for (let i = 0; i < 15 * 60 && s.iPaddleW === PADDLE_WIDE_W; i++) step(s, 0);
    expect(s.iPaddleW).toBe(PADDLE_W);
  });

  it('ends with a boss level and the autopilot beats it with default rules', () => {
    for (const seed of [1, 2, 3]) {
      const { state } = playAutopilot(seed);
      expect(state.iPhase).toBe(Phase.Won);
      expect(isBossLevel(state)).toBe(true);
      expect(state.iLevel).toBe(DEFAULT_CONFIG.iLevels - 1);
      expect(state.iBossHp).toBe(0);
    }
  });

  it('plays 3 and 5 level runs to the boss too', () => {
    expect(playAutopilot(9, { iLevels: 3 }).state).toMatchObject({ iPhase: Phase.Won, iLevel: 2 });
    expect(playAutopilot(9, { iLevels: 5 }).state).toMatchObject({ iPhase: Phase.Won, iLevel: 4 });
  });
});
