import type { GameConfig } from './config';
import type { GameEvents } from './events';
import { hashState } from './hash';
import type { TickInput } from './input';
import { decodeInputLog } from './inputLog';
import { type GameState, Phase } from './state';
import { createGame, step } from './step';

export function isOver(s: GameState): boolean {
  return s.iPhase === Phase.Won || s.iPhase === Phase.Lost;
}

/**
 * Replays a whole log (encoded string or decoded inputs) from a fresh game; stops early if the game
 * ends. The hot loop allocates nothing.
 */
export function replay(
  seed: number,
  config: Partial<GameConfig> | undefined,
  log: string | ArrayLike<TickInput>,
): GameState {
  const inputs = typeof log === 'string' ? decodeInputLog(log) : log;
  const s = createGame(seed, config);
  for (let i = 0; i < inputs.length && !isOver(s); i++) step(s, inputs[i]!);
  return s;
}

/** Steps `s` through inputs[from..to), calling back after each tick with that tick's events (tests, tools). */
export function runInputs(
  s: GameState,
  inputs: ArrayLike<TickInput>,
  events?: GameEvents,
  onTick?: (s: GameState, events: GameEvents | undefined) => void,
): GameState {
  for (let i = 0; i < inputs.length && !isOver(s); i++) {
    step(s, inputs[i]!, events);
    onTick?.(s, events);
  }
  return s;
}

export { hashState };
