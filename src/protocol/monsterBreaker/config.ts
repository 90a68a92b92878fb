import { FP_ONE, TICKS_PER_SECOND } from './constants';

/**
 * Tunable rules, fed from the server's game vars. All integers; a run's config is part of its inputs
 * (hashState covers it), so browser and server must agree on it.
 */
export interface GameConfig {
  /** Lives at the start, 1..9. */
  iLives: number;
  /** Levels in a run, the last one being the boss: 3..5. */
  iLevels: number;
  /** Ball speed at level 1, in field units per second (the field is 240 x 320 units): 90..360. */
  iBallSpeed: number;
  /** Paddle speed in field units per second: 120..720. */
  iPaddleSpeed: number;
  /** Chance in percent that a broken block drops a power-up: 0..100. */
  iPowerUpChance: number;
  /** Hits the boss takes: 10..200. */
  iBossHp: number;
}

export const DEFAULT_CONFIG: Readonly<GameConfig> = Object.freeze({
  iLives: 3,
  iLevels: 4,
  iBallSpeed: 200,
  iPaddleSpeed: 300,
  iPowerUpChance: 22,
  iBossHp: 30,
});

/** The accepted range of each rule (game vars are validated against it). */
export const CONFIG_RANGES: Readonly<Record<keyof GameConfig, readonly [number, number]>> = {
  iLives: [1, 9],
  iLevels: [3, 5],
  iBallSpeed: [90, 360],
  iPaddleSpeed: [120, 720],
  iPowerUpChance: [0, 100],
  iBossHp: [10, 200],
};

export const CONFIG_KEYS = Object.keys(CONFIG_RANGES) as readonly (keyof GameConfig)[];

/** Defaults for missing or non-numeric values, integers clamped into range for the rest. */
export function normalizeConfig(partial: Partial<Record<keyof GameConfig, unknown>> = {}): GameConfig {
  const config = { ...DEFAULT_CONFIG };
  for (const key of CONFIG_KEYS) {
    const raw = partial[key];
    const value = typeof raw === 'string' ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const [min, max] = CONFIG_RANGES[key];
    config[key] = Math.min(max, Math.max(min, Math.trunc(value)));
  }
  return config;
}

/** Field units per second → fixed-point sub-units per tick. */
export function perTick(unitsPerSecond: number): number {
  return Math.trunc((unitsPerSecond * FP_ONE) / TICKS_PER_SECOND);
}
