import { describe, expect, it } from 'vitest';
import { chunkRun, type InputChunk, RunVerifier, verifyRun } from './chunks';
import { CHUNK_TICKS, MAX_RUN_TICKS } from './constants';
import { FIXTURE_CONFIG, FIXTURE_SEED, WINNING_RUN } from './fixtures';
import { INPUT_LEFT, INPUT_RIGHT } from './input';
import { decodeInputLog, encodeInputLog } from './inputLog';

const inputs = decodeInputLog(WINNING_RUN.sLog);
const chunks = chunkRun(FIXTURE_SEED, FIXTURE_CONFIG, inputs);
const verify = (forged: InputChunk[]) => verifyRun(FIXTURE_SEED, FIXTURE_CONFIG, forged);

/** The chunks with chunk `index`'s inputs replaced (its claimed hash kept). */
function withInputs(index: number, replacement: Uint16Array | number[]): InputChunk[] {
  return chunks.map((c, i) => (i === index ? { ...c, sInputs: encodeInputLog(replacement) } : c));
}

describe('verifyRun refuses forged runs', () => {
  it('accepts the genuine run', () => {
    expect(verify(chunks)).toMatchObject({ bValid: true, bWon: true });
  });

  it('catches a tampered input in the middle at that very chunk', () => {
    const index = Math.floor(chunks.length / 2);
    const tampered = decodeInputLog(chunks[index]!.sInputs).slice();
    for (let i = 0; i < tampered.length; i++) tampered[i] = tampered[i] === INPUT_LEFT ? INPUT_RIGHT : INPUT_LEFT;
    const verdict = verify(withInputs(index, tampered));
    expect(verdict.bValid).toBe(false);
    expect(verdict.bWon).toBe(false);
    expect(verdict.iChunk).toBe(index);
    expect(verdict.sReason).toMatch(/^hash-mismatch/);
  });

  it('catches a forged hash', () => {
    const forged = chunks.map((c, i) => (i === 3 ? { ...c, sStateHash: '0000000000000000' } : c));
    expect(verify(forged)).toMatchObject({
      bValid: false,
      iChunk: 3,
      sReason: expect.stringMatching(/^hash-mismatch/),
    });
  });

  it('refuses a chunk that skips ticks, repeats ticks, or does not start at 0', () => {
    const skipping = chunks.filter((_, i) => i !== 5);
    expect(verify(skipping)).toMatchObject({ bValid: false, iChunk: 5, sReason: expect.stringMatching(/^gap/) });
    const repeating = [...chunks.slice(0, 6), chunks[5]!, ...chunks.slice(6)];
    expect(verify(repeating)).toMatchObject({ bValid: false, iChunk: 6, sReason: expect.stringMatching(/^gap/) });
    expect(verify(chunks.slice(1))).toMatchObject({
      bValid: false,
      iChunk: 0,
      sReason: expect.stringMatching(/^bad-start/),
    });
  });

  it('refuses unknown input bits and impossible inputs', () => {
    for (const bad of [0x1000, INPUT_LEFT | INPUT_RIGHT, 0x10, 8 | (241 << 4), 9]) {
      const raw = chunks.map((c, i) => (i === 2 ? { ...c, sInputs: rawLog([[bad, CHUNK_TICKS]]) } : c));
      expect(verify(raw)).toMatchObject({
        bValid: false,
        iChunk: 2,
        sReason: expect.stringMatching(/^bad-log: invalid input/),
      });
    }
  });

  it('refuses broken encodings and empty chunks', () => {
    for (const sInputs of ['###', 'A', '_w', 'wA']) {
      const broken = [{ ...chunks[0]!, sInputs }];
      expect(verify(broken)).toMatchObject({ bValid: false, sReason: expect.stringMatching(/^bad-log/) });
    }
    expect(verify([{ ...chunks[0]!, sInputs: '' }])).toMatchObject({
      bValid: false,
      sReason: expect.stringMatching(/^empty/),
    });
  });

  it('refuses absurdly long logs without decoding them in full', () => {
    const huge = rawLog([[0, 1_000_000_000]]);
    expect(huge.length).toBeLessThan(10);
    const verdict = verify([{ iFromTick: 0, sInputs: huge, sStateHash: '' }]);
    expect(verdict).toMatchObject({ bValid: false, sReason: expect.stringMatching(/^too-long/), iTicks: 0 });
    const overLimit = [{ iFromTick: 0, sInputs: rawLog([[0, MAX_RUN_TICKS + 1]]), sStateHash: '' }];
    expect(verify(overLimit).sReason).toMatch(/^too-long/);
    expect(verifyRun(FIXTURE_SEED, FIXTURE_CONFIG, chunks, { iMaxTicks: 1000 })).toMatchObject({
      bValid: false,
      sReason: expect.stringMatching(/^too-long/),
    });
    expect(verify([{ iFromTick: 0, sInputs: 'A'.repeat(20_000), sStateHash: '' }]).sReason).toMatch(/^too-long/);
  });

  it('refuses inputs after the game ended', () => {
    const last = chunks[chunks.length - 1]!;
    const extended = [
      ...chunks.slice(0, -1),
      { ...last, sInputs: encodeInputLog([...decodeInputLog(last.sInputs), 0]) },
    ];
    expect(verify(extended)).toMatchObject({ bValid: false, sReason: expect.stringMatching(/^after-end/) });
    const extra = [...chunks, { iFromTick: WINNING_RUN.iTicks, sInputs: encodeInputLog([0]), sStateHash: '' }];
    expect(verify(extra)).toMatchObject({ bValid: false, sReason: expect.stringMatching(/^after-end/) });
  });

  it('checks chunk by chunk as they arrive and stays refused after a refusal', () => {
    const verifier = new RunVerifier(FIXTURE_SEED, FIXTURE_CONFIG);
    expect(verifier.accept(chunks[0]!)).toBeUndefined();
    expect(verifier.accept(chunks[2]!)).toMatch(/^gap/);
    expect(verifier.accept(chunks[1]!)).toMatch(/^gap/);
    expect(verifier.verdict()).toMatchObject({ bValid: false, iChunk: 1, iTicks: CHUNK_TICKS });
  });

  it('refuses seeds outside uint32', () => {
    expect(verifyRun(-1, {}, chunks).sReason).toMatch(/^bad-seed/);
    expect(verifyRun(1.5, {}, chunks).sReason).toMatch(/^bad-seed/);
  });
});

/** A hand-made log (the encoder refuses invalid inputs): long key runs, else absolute tokens. */
function rawLog(runs: [number, number][]): string {
  const bytes: number[] = [];
  const varint = (v: number) => {
    while (v >= 0x80) {
      bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    bytes.push(v);
  };
  for (const [value, count] of runs) {
    if (value < 8 && count >= 16) {
      bytes.push((value << 4) | 15);
      varint(count - 16);
    } else {
      bytes.push(0xff);
      varint(value);
      varint(count - 1);
    }
  }
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
