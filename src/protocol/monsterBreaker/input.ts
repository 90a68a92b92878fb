import { FIELD_W, FP_SHIFT } from './constants';

/**
 * One tick of player input, a 12-bit integer:
 * - bit 0 LEFT, bit 1 RIGHT (keyboard; never both),
 * - bit 2 LAUNCH (serve the ball),
 * - bit 3 TARGET: bits 4..11 hold an absolute paddle target x in whole field units (0..240) that the
 *   paddle moves towards at paddle speed (mouse and touch). TARGET excludes LEFT/RIGHT; without it
 *   bits 4..11 are zero.
 * Canonical values only, so equal inputs always encode alike.
 */
export type TickInput = number;

export const INPUT_LEFT = 1;
export const INPUT_RIGHT = 2;
export const INPUT_LAUNCH = 4;
export const INPUT_TARGET = 8;
export const INPUT_TARGET_SHIFT = 4;
export const INPUT_MAX_TARGET = FIELD_W >> FP_SHIFT;

/** Keyboard-style input: direction -1 / 0 / +1. */
export function keyInput(iDirection: number, bLaunch = false): TickInput {
  const dir = iDirection < 0 ? INPUT_LEFT : iDirection > 0 ? INPUT_RIGHT : 0;
  return dir | (bLaunch ? INPUT_LAUNCH : 0);
}

/** Pointer-style input: move towards x (field units, clamped to 0..240). */
export function targetInput(iTargetX: number, bLaunch = false): TickInput {
  const x = Math.min(INPUT_MAX_TARGET, Math.max(0, Math.trunc(iTargetX) || 0));
  return INPUT_TARGET | (x << INPUT_TARGET_SHIFT) | (bLaunch ? INPUT_LAUNCH : 0);
}

export function isValidInput(input: number): boolean {
  if (!Number.isInteger(input) || input < 0 || input > 0xfff) return false;
  if (input & INPUT_TARGET) {
    return (input & (INPUT_LEFT | INPUT_RIGHT)) === 0 && input >> INPUT_TARGET_SHIFT <= INPUT_MAX_TARGET;
  }
  return input >> INPUT_TARGET_SHIFT === 0 && (input & 3) !== 3;
}
