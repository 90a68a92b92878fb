import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { SHA256_SHORT_MAX, sha256ShortInto } from './sha256Short';

describe('sha256ShortInto', () => {
  it('matches SHA-256 for every length it takes, at any offset', () => {
    for (let length = 0; length <= SHA256_SHORT_MAX; length++) {
      for (let round = 0; round < 4; round++) {
        const message = new Uint8Array(length);
        for (let i = 0; i < length; i++) message[i] = (i * 131 + round * 17 + length) & 0xff;
        const out = new Uint8Array(40);
        sha256ShortInto(message, out, round);
        expect(out.subarray(round, round + 32)).toEqual(sha256(message));
      }
    }
  });

  it('gives the standard test vector for "abc"', () => {
    const out = new Uint8Array(32);
    sha256ShortInto(new TextEncoder().encode('abc'), out);
    expect(Buffer.from(out).toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refuses a message longer than two blocks can hold', () => {
    expect(() => sha256ShortInto(new Uint8Array(SHA256_SHORT_MAX + 1), new Uint8Array(32))).toThrow(RangeError);
  });
});
