import {
  BALL_R,
  BOSS_TOP,
  BOSS_W,
  CELL_H,
  CELL_W,
  DROP_FALL,
  FIELD_W,
  GRID_COLS,
  GRID_TOP,
  PADDLE_TOP,
} from './constants';
import { keyInput, type TickInput } from './input';
import { type GameState, Phase } from './state';
import { COS, SIN, TRIG_SHIFT } from './trig';

/**
 * A deterministic bot: reads the state, returns the next input (keyboard style, so its logs stay
 * small). It predicts where the most urgent falling ball meets the paddle line (walls folded in),
 * stands so the paddle edge sends the ball towards the lowest monster or the boss, and fetches
 * power-ups when there is time. Integer maths only, like the simulation.
 */
export function autopilotInput(s: GameState): TickInput {
  if (s.iPhase !== Phase.Serve && s.iPhase !== Phase.Play) return 0;
  const d = autopilotTargetX(s) - s.iPaddleX;
  const dead = s.iPaddleStep >> 1;
  return keyInput(d > dead ? 1 : d < -dead ? -1 : 0, s.iPhase === Phase.Serve && s.iServeTicks >= 20);
}

/** Where the autopilot wants the paddle centre (fixed point); other players (bench bots) reuse it. */
export function autopilotTargetX(s: GameState): number {
  if (s.iPhase === Phase.Serve) return aimPoint(s);

  const lane = FIELD_W - 2 * BALL_R;
  let bestTicks = 0x7fffffff;
  let landing = -1;
  let lowestY = -1;
  let lowestX = s.iPaddleX;
  for (let i = 0; i < s.iBalls; i++) {
    const a = s.aBallAngle[i]!;
    const x = s.aBallX[i]!;
    const y = s.aBallY[i]!;
    if (y > lowestY) {
      lowestY = y;
      lowestX = x;
    }
    const vy = (s.iSpeed * SIN[a]!) >> TRIG_SHIFT;
    if (vy <= 0 || y > PADDLE_TOP) continue;
    const ticks = Math.trunc((PADDLE_TOP - BALL_R - y) / vy);
    if (ticks >= bestTicks) continue;
    const vx = (s.iSpeed * COS[a]!) >> TRIG_SHIFT;
    let u = (x - BALL_R + vx * ticks) % (2 * lane);
    if (u < 0) u += 2 * lane;
    if (u > lane) u = 2 * lane - u;
    bestTicks = ticks;
    landing = BALL_R + u;
  }
  if (landing < 0) return lowestX;

  const drop = reachableDrop(s, landing, bestTicks);
  if (drop >= 0) return drop;

  const half = s.iPaddleW >> 1;
  const targetX = aimPoint(s);
  const rise = PADDLE_TOP - aimHeight(s);
  // deflection (256ths of a turn) ≈ 41 * dx / dy for small angles; paddle offset maps linearly to it
  let deflect = Math.trunc((41 * (targetX - landing)) / rise);
  deflect += ((s.iTick >> 5) % 5) - 2;
  if (deflect > 38) deflect = 38;
  else if (deflect < -38) deflect = -38;
  return landing - Math.trunc((deflect * (half + BALL_R)) / 46);
}

/** x of the boss, else of the lowest remaining monster (nearest the centre on ties). */
function aimPoint(s: GameState): number {
  if (s.iBossHp > 0) return s.iBossX + (BOSS_W >> 1);
  for (let cell = s.aGrid.length - 1; cell >= 0; cell--) {
    if (s.aGrid[cell]! > 0) return (cell % GRID_COLS) * CELL_W + (CELL_W >> 1);
  }
  return FIELD_W >> 1;
}

function aimHeight(s: GameState): number {
  if (s.iBossHp > 0) return BOSS_TOP;
  for (let cell = s.aGrid.length - 1; cell >= 0; cell--) {
    if (s.aGrid[cell]! > 0) return GRID_TOP + ((cell / GRID_COLS) | 0) * CELL_H;
  }
  return GRID_TOP;
}

/** x of a power-up the paddle can catch and still get back to the ball in time, or -1. */
function reachableDrop(s: GameState, landing: number, ballTicks: number): number {
  const step = s.iPaddleStep;
  for (let i = 0; i < s.iDrops; i++) {
    const x = s.aDropX[i]!;
    const dropTicks = Math.trunc((PADDLE_TOP - s.aDropY[i]!) / DROP_FALL);
    if (dropTicks < 0 || dropTicks > ballTicks) continue;
    const there = Math.trunc(Math.abs(x - s.iPaddleX) / step);
    const back = Math.trunc(Math.abs(landing - x) / step);
    if (there <= dropTicks + 2 && dropTicks + back + 8 < ballTicks) return x;
  }
  return -1;
}
