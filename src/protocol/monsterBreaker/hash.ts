import { CONFIG_KEYS } from './config';
import type { GameState } from './state';

/**
 * hashState: FNV-1a 64 over a canonical byte serialisation of the state, as 16 hex digits.
 * Serialisation: every integer field as 4 bytes little-endian (two's complement int32), in this order:
 * format version, config (CONFIG_KEYS order), seed, tick, rng, phase, level, lives, score, combo,
 * best combo, speed, serve ticks, paddle x, paddle width, wide ticks, shields, blocks left, boss hp,
 * boss x, boss dir, boss timer, ball count, then (x, y, angle) per live ball, drop count,
 * (x, y, kind) per live drop, then one byte per grid cell (hp 0..4).
 * The 64-bit product is done on four 16-bit limbs so only exact integer maths is involved.
 */
const HASH_FORMAT = 1;

let h0 = 0;
let h1 = 0;
let h2 = 0;
let h3 = 0;

function byte(b: number): void {
  h0 ^= b & 0xff;
  // h * 0x100000001b3 = h * 0x1b3 + (h << 40)
  const t0 = h0 * 0x1b3;
  let t1 = h1 * 0x1b3;
  let t2 = h2 * 0x1b3 + (h0 << 8);
  const t3 = h3 * 0x1b3 + (h1 << 8);
  t1 += t0 >>> 16;
  h0 = t0 & 0xffff;
  t2 += t1 >>> 16;
  h1 = t1 & 0xffff;
  h3 = (t3 + (t2 >>> 16)) & 0xffff;
  h2 = t2 & 0xffff;
}

function word(v: number): void {
  byte(v);
  byte(v >>> 8);
  byte(v >>> 16);
  byte(v >>> 24);
}

function hex4(v: number): string {
  return v.toString(16).padStart(4, '0');
}

export function hashState(s: GameState): string {
  h3 = 0xcbf2;
  h2 = 0x9ce4;
  h1 = 0x8422;
  h0 = 0x2325;
  word(HASH_FORMAT);
  for (const key of CONFIG_KEYS) word(s.config[key]);
  word(s.iSeed);
  word(s.iTick);
  word(s.iRng);
  word(s.iPhase);
  word(s.iLevel);
  word(s.iLives);
  word(s.iScore);
  word(s.iCombo);
  word(s.iBestCombo);
  word(s.iSpeed);
  word(s.iServeTicks);
  word(s.iPaddleX);
  word(s.iPaddleW);
  word(s.iWideTicks);
  word(s.iShields);
  word(s.iBlocksLeft);
  word(s.iBossHp);
  word(s.iBossX);
  word(s.iBossDir);
  word(s.iBossTimer);
  word(s.iBalls);
  for (let i = 0; i < s.iBalls; i++) {
    word(s.aBallX[i]!);
    word(s.aBallY[i]!);
    word(s.aBallAngle[i]!);
  }
  word(s.iDrops);
  for (let i = 0; i < s.iDrops; i++) {
    word(s.aDropX[i]!);
    word(s.aDropY[i]!);
    word(s.aDropKind[i]!);
  }
  for (let i = 0; i < s.aGrid.length; i++) byte(s.aGrid[i]!);
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}

/** FNV-1a 64 of a byte string, exposed to check the limb arithmetic against published vectors. */
export function fnv1a64(bytes: ArrayLike<number>): string {
  h3 = 0xcbf2;
  h2 = 0x9ce4;
  h1 = 0x8422;
  h0 = 0x2325;
  for (let i = 0; i < bytes.length; i++) byte(bytes[i]!);
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}
