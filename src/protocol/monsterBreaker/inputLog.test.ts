import { describe, expect, it } from 'vitest';
import { INPUT_LAUNCH, isValidInput, keyInput, targetInput } from './input';
import { decodeInputLog, encodeInputLog, InputLogError } from './inputLog';
import { nextRng, seedRng } from './rng';

/** Random valid inputs in runs of random length, from a fixed PRNG (reproducible). */
function randomLog(seed: number): number[] {
  let r = seedRng(seed);
  const next = (n: number) => {
    r = nextRng(r);
    return r % n;
  };
  const out: number[] = [];
  const runs = 1 + next(120);
  for (let k = 0; k < runs; k++) {
    const kind = next(3);
    const value =
      kind === 0 ? keyInput(next(3) - 1, next(4) === 0) : kind === 1 ? targetInput(next(241), next(8) === 0) : 0;
    const length = next(4) === 0 ? 1 + next(400) : 1 + next(20);
    for (let i = 0; i < length; i++) out.push(value);
  }
  return out;
}

describe('input log encoding', () => {
  it('round-trips random logs exactly (200 cases from a fixed PRNG)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const log = randomLog(seed);
      const encoded = encodeInputLog(log);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(Array.from(decodeInputLog(encoded, 1_000_000))).toEqual(log);
    }
  });

  it('round-trips every valid input value and every run length around the boundaries', () => {
    const values: number[] = [];
    for (let v = 0; v < 0x1000; v++) if (isValidInput(v)) values.push(v);
    expect(values).toHaveLength(6 + 241 * 2);
    expect(Array.from(decodeInputLog(encodeInputLog(values)))).toEqual(values);
    for (const length of [1, 14, 15, 16, 17, 143, 144, 16_399, 16_400, 72_000]) {
      const log = new Array<number>(length).fill(INPUT_LAUNCH);
      expect(decodeInputLog(encodeInputLog(log))).toHaveLength(length);
    }
  });

  it('is compact for held keys: an idle minute is a few characters', () => {
    expect(encodeInputLog(new Array<number>(3600).fill(0)).length).toBeLessThanOrEqual(4);
    expect(encodeInputLog([1, 1, 1, 0, 0, 2, 2, 2, 2, 2]).length).toBeLessThanOrEqual(4);
  });

  it('costs about one byte per tick for a moving pointer', () => {
    const sweep: number[] = [];
    for (let t = 0; t < 3600; t++) sweep.push(targetInput(120 + ((t * 3) % 100) - 50 + (t % 7 === 0 ? 1 : 0)));
    const encoded = encodeInputLog(sweep);
    expect(encoded.length).toBeLessThan(3600 * 1.5);
    expect(Array.from(decodeInputLog(encoded))).toEqual(sweep);
  });

  it('encodes a slice without copying it', () => {
    const log = [1, 1, 2, 2, 0, 0];
    expect(encodeInputLog(log, 2, 4)).toBe(encodeInputLog([2, 2]));
  });

  it('refuses invalid inputs, bad characters, truncated runs and logs over the limit', () => {
    expect(() => encodeInputLog([3])).toThrow(InputLogError);
    expect(() => decodeInputLog('a+b')).toThrow(/bad character/);
    expect(() => decodeInputLog('_w')).toThrow(/truncated/);
    expect(() => decodeInputLog('wA')).toThrow(/repeat before/);
    expect(() => decodeInputLog('gICAgICAgIA')).toThrow(/off the field/);
    expect(() => decodeInputLog('AB')).toThrow(/padding/);
    expect(() => decodeInputLog(encodeInputLog(new Array<number>(101).fill(0)), 100)).toThrow(/longer/);
    expect(decodeInputLog(encodeInputLog(new Array<number>(100).fill(0)), 100)).toHaveLength(100);
  });
});
