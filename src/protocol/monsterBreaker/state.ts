import { type GameConfig, normalizeConfig, perTick } from './config';
import { FIELD_W, GRID_COLS, GRID_ROWS, MAX_BALLS, MAX_DROPS, PADDLE_W } from './constants';
import { seedRng } from './rng';

export const Phase = { Serve: 0, Play: 1, Won: 2, Lost: 3 } as const;
export type PhaseKind = (typeof Phase)[keyof typeof Phase];

export const PowerUp = { Wide: 1, Multi: 2, Slow: 3, Shield: 4, Life: 5 } as const;

/**
 * The whole simulation state: integers only (fixed point, see constants.ts). Entity pools are
 * fixed-size typed arrays; only entries below iBalls / iDrops are meaningful (and hashed).
 */
export interface GameState {
  readonly config: Readonly<GameConfig>;
  readonly iSeed: number;
  /** Derived from config once: sub-units per tick. */
  readonly iBaseSpeed: number;
  readonly iMaxSpeed: number;
  readonly iPaddleStep: number;

  iTick: number;
  iRng: number;
  iPhase: PhaseKind;
  iLevel: number;
  iLives: number;
  iScore: number;
  /** Monsters broken since the ball last touched the paddle. */
  iCombo: number;
  iBestCombo: number;
  iSpeed: number;
  iServeTicks: number;

  /** Paddle centre x and full width. */
  iPaddleX: number;
  iPaddleW: number;
  iWideTicks: number;
  iShields: number;

  /** Hit points per grid cell, row-major; 0 = empty. */
  readonly aGrid: Int32Array;
  iBlocksLeft: number;

  /** Boss (last level only): hp 0 = no boss. iBossX is its left edge. */
  iBossHp: number;
  iBossX: number;
  iBossDir: number;
  iBossTimer: number;

  iBalls: number;
  readonly aBallX: Int32Array;
  readonly aBallY: Int32Array;
  readonly aBallAngle: Int32Array;

  iDrops: number;
  readonly aDropX: Int32Array;
  readonly aDropY: Int32Array;
  readonly aDropKind: Int32Array;
}

/** A fresh run; the first level is loaded and the ball waits on the paddle. */
export function createBlankState(seed: number, partialConfig?: Partial<GameConfig>): GameState {
  const config = Object.freeze(normalizeConfig(partialConfig));
  const iBaseSpeed = perTick(config.iBallSpeed);
  return {
    config,
    iSeed: seed >>> 0,
    iBaseSpeed,
    iMaxSpeed: (iBaseSpeed * 7) >> 2,
    iPaddleStep: perTick(config.iPaddleSpeed),
    iTick: 0,
    iRng: seedRng(seed),
    iPhase: Phase.Serve,
    iLevel: 0,
    iLives: config.iLives,
    iScore: 0,
    iCombo: 0,
    iBestCombo: 0,
    iSpeed: iBaseSpeed,
    iServeTicks: 0,
    iPaddleX: FIELD_W >> 1,
    iPaddleW: PADDLE_W,
    iWideTicks: 0,
    iShields: 0,
    aGrid: new Int32Array(GRID_COLS * GRID_ROWS),
    iBlocksLeft: 0,
    iBossHp: 0,
    iBossX: 0,
    iBossDir: 1,
    iBossTimer: 0,
    iBalls: 0,
    aBallX: new Int32Array(MAX_BALLS),
    aBallY: new Int32Array(MAX_BALLS),
    aBallAngle: new Int32Array(MAX_BALLS),
    iDrops: 0,
    aDropX: new Int32Array(MAX_DROPS),
    aDropY: new Int32Array(MAX_DROPS),
    aDropKind: new Int32Array(MAX_DROPS),
  };
}

export function cloneState(s: GameState): GameState {
  return {
    ...s,
    aGrid: s.aGrid.slice(),
    aBallX: s.aBallX.slice(),
    aBallY: s.aBallY.slice(),
    aBallAngle: s.aBallAngle.slice(),
    aDropX: s.aDropX.slice(),
    aDropY: s.aDropY.slice(),
    aDropKind: s.aDropKind.slice(),
  };
}
