import { MAX_RUN_TICKS } from './constants';
import {
  INPUT_LAUNCH,
  INPUT_MAX_TARGET,
  INPUT_TARGET,
  INPUT_TARGET_SHIFT,
  isValidInput,
  type TickInput,
} from './input';

/**
 * Input log encoding: a byte stream of run tokens, as unpadded base64url (safe in form bodies).
 * Token by its first byte b:
 * - 0vvvcccc: `v` (a keyboard-style input, < 8) repeated c+1 times (c = 0..14), or 16 + varint times (c = 15);
 * - 10lddddd: a pointer input (INPUT_TARGET) whose x is the previous pointer x (120 at the start)
 *   + ddddd - 16 units, launch bit l, for one tick;
 * - 11cccccc (b < 0xFF): the previous input again, c+1 times (1..63);
 * - 0xFF: any input as varint(value), then varint(count - 1).
 * Varints are LEB128. Held keys cost one byte per 16 ticks, a moving pointer about a byte per tick.
 */
export class InputLogError extends Error {
  override name = 'InputLogError';
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

const KEY_LONG = 15;
const DELTA = 0x80;
const DELTA_BIAS = 16;
const REPEAT = 0xc0;
const REPEAT_MAX = 63;
const ABSOLUTE = 0xff;
const START_TARGET = INPUT_MAX_TARGET >> 1;

function pushVarint(out: number[], v: number): void {
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.trunc(v / 0x80);
  }
  out.push(v);
}

function pushRepeat(out: number[], count: number): void {
  while (count > 0) {
    const n = count < REPEAT_MAX ? count : REPEAT_MAX;
    out.push(REPEAT + n - 1);
    count -= n;
  }
}

export function encodeInputLog(inputs: ArrayLike<TickInput>, from = 0, to = inputs.length): string {
  const bytes: number[] = [];
  let lastTarget = START_TARGET;
  let i = from;
  while (i < to) {
    const value = inputs[i]!;
    if (!isValidInput(value)) throw new InputLogError(`invalid input ${value} at tick ${i}`);
    let end = i + 1;
    while (end < to && inputs[end] === value) end++;
    const count = end - i;
    i = end;
    if (value < 8) {
      if (count <= KEY_LONG) bytes.push((value << 4) | (count - 1));
      else {
        bytes.push((value << 4) | KEY_LONG);
        pushVarint(bytes, count - 16);
      }
      continue;
    }
    const x = value >> INPUT_TARGET_SHIFT;
    const delta = x - lastTarget + DELTA_BIAS;
    lastTarget = x;
    if (delta >= 0 && delta < 32) {
      bytes.push(DELTA | (value & INPUT_LAUNCH ? 32 : 0) | delta);
      pushRepeat(bytes, count - 1);
    } else {
      bytes.push(ABSOLUTE);
      pushVarint(bytes, value);
      pushVarint(bytes, count - 1);
    }
  }
  return toBase64Url(bytes);
}

/** Decoder cursor (module-level: no closure per call). */
let src: Uint8Array = new Uint8Array(0);
let pos = 0;

function readVarint(): number {
  let v = 0;
  for (let scale = 1; scale < 0x800000000; scale *= 0x80) {
    if (pos >= src.length) throw new InputLogError('truncated token');
    const b = src[pos++]!;
    v += (b & 0x7f) * scale;
    if (b < 0x80) return v;
  }
  throw new InputLogError('varint too long');
}

/** Decodes a log, refusing bad characters, truncated tokens, invalid inputs and more than iMaxTicks ticks. */
export function decodeInputLog(encoded: string, iMaxTicks: number = MAX_RUN_TICKS): Uint16Array {
  src = fromBase64Url(encoded);
  pos = 0;
  let out = new Uint16Array(Math.min(iMaxTicks, 4096));
  let n = 0;
  let previous = -1;
  let lastTarget = START_TARGET;
  while (pos < src.length) {
    const b = src[pos++]!;
    let value: number;
    let count: number;
    if (b < DELTA) {
      value = b >> 4;
      count = (b & 15) < KEY_LONG ? (b & 15) + 1 : 16 + readVarint();
    } else if (b < REPEAT) {
      const x = lastTarget + (b & 31) - DELTA_BIAS;
      if (x < 0 || x > INPUT_MAX_TARGET) throw new InputLogError(`pointer target ${x} off the field at tick ${n}`);
      value = INPUT_TARGET | (x << INPUT_TARGET_SHIFT) | (b & 32 ? INPUT_LAUNCH : 0);
      count = 1;
    } else if (b < ABSOLUTE) {
      if (previous < 0) throw new InputLogError('repeat before any input');
      value = previous;
      count = b - REPEAT + 1;
    } else {
      value = readVarint();
      count = readVarint() + 1;
    }
    if (value !== previous) {
      if (!isValidInput(value)) throw new InputLogError(`invalid input ${value} at tick ${n}`);
      if (value & INPUT_TARGET) lastTarget = value >> INPUT_TARGET_SHIFT;
      previous = value;
    }
    if (count > iMaxTicks - n) throw new InputLogError(`log longer than ${iMaxTicks} ticks`);
    if (n + count > out.length) {
      const grown = new Uint16Array(Math.min(iMaxTicks, Math.max(out.length * 2, n + count)));
      grown.set(out.subarray(0, n));
      out = grown;
    }
    // most runs are short: a plain loop beats a fill() call per token
    if (count < 32) for (const end = n + count; n < end; n++) out[n] = value;
    else {
      out.fill(value, n, n + count);
      n += count;
    }
  }
  src = new Uint8Array(0);
  return out.subarray(0, n);
}

function toBase64Url(bytes: readonly number[]): string {
  let s = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    s += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    s += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]!;
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    s += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]!;
  }
  return s;
}

function fromBase64Url(s: string): Uint8Array {
  if (s.length % 4 === 1) throw new InputLogError('bad base64url length');
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    const v = code < 128 ? DECODE[code]! : -1;
    if (v < 0) throw new InputLogError(`bad character at ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) throw new InputLogError('non-canonical base64url padding bits');
  return out;
}
