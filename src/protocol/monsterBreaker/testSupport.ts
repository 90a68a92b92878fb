import { autopilotInput } from './autopilot';
import type { GameConfig } from './config';
import type { TickInput } from './input';
import { isOver } from './replay';
import type { GameState } from './state';
import { createGame, step } from './step';

/** Plays a run with the autopilot (for tests and tools); returns the inputs and the final state. */
export function playAutopilot(
  seed: number,
  config?: Partial<GameConfig>,
  iMaxTicks = 72_000,
): { aInputs: TickInput[]; state: GameState } {
  const state = createGame(seed, config);
  const aInputs: TickInput[] = [];
  while (!isOver(state) && state.iTick < iMaxTicks) {
    const input = autopilotInput(state);
    aInputs.push(input);
    step(state, input);
  }
  return { aInputs, state };
}
