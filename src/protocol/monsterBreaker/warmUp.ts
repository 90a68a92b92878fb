import { autopilotTargetX } from './autopilot';
import { chunkRun, verifyRun } from './chunks';
import { FP_SHIFT } from './constants';
import { FIXTURE_CONFIG, FIXTURE_SEED, LOSING_RUN, WINNING_RUN } from './fixtures';
import { INPUT_LAUNCH, type TickInput, targetInput } from './input';
import { decodeInputLog } from './inputLog';
import { isOver } from './replay';
import { Phase } from './state';
import { createGame, step } from './step';

/** The autopilot's aim as a wobbly pointer, so pointer inputs and their log tokens get exercised too. */
function pointerRun(seed: number): TickInput[] {
  const s = createGame(seed, { iPowerUpChance: 60 });
  const inputs: TickInput[] = [];
  while (!isOver(s) && s.iTick < 30_000) {
    const x = (autopilotTargetX(s) >> FP_SHIFT) + (s.iTick % 3) - 1;
    const input = targetInput(x) | (s.iPhase === Phase.Serve && s.iServeTicks > 20 ? INPUT_LAUNCH : 0);
    inputs.push(input);
    step(s, input);
  }
  return inputs;
}

/**
 * Plays and verifies recorded and pointer-driven runs so V8 has compiled the simulation with full
 * type feedback before the first real run arrives: a fresh process's first replay of a 10-minute
 * run otherwise takes tens of ms (interpreter, then deopts as new paths appear) instead of a few.
 * For servers, once at startup (~0.1-0.2 s). Returns true if the recorded runs still verify.
 */
export function warmUpMonsterBreaker(iRounds = 2): boolean {
  let ok = true;
  const win = chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(WINNING_RUN.sLog));
  const loss = chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, decodeInputLog(LOSING_RUN.sLog));
  const pointer = chunkRun(7, { iPowerUpChance: 60 }, pointerRun(7));
  for (let round = 0; round < iRounds; round++) {
    const won = verifyRun(FIXTURE_SEED, FIXTURE_CONFIG, win);
    ok &&= won.bValid && won.bWon && won.sFinalHash === WINNING_RUN.sFinalHash;
    ok &&= verifyRun(FIXTURE_SEED, FIXTURE_CONFIG, loss).sFinalHash === LOSING_RUN.sFinalHash;
    ok &&= verifyRun(7, { iPowerUpChance: 60 }, pointer).bValid;
  }
  return ok;
}
