import { describe, expect, it } from 'vitest';
import {
  CURSE_CIPHERS,
  cipherKeyProblem,
  decipher,
  encipher,
  keywordLetters,
  mirrorLetters,
  normalizeAnswer,
  shiftLetters,
} from './curseBreaker';

describe('curse-breaker ciphers', () => {
  it('shifts, mirrors and keys only the letters', () => {
    expect(shiftLetters('The stars, right?', 3)).toBe('WKH VWDUV, ULJKW?');
    expect(shiftLetters('WKH', -3)).toBe('THE');
    expect(shiftLetters('xyz', 29)).toBe('ABC');
    expect(mirrorLetters('Abc z')).toBe('ZYX A');
    // Vigenère with the textbook key: ATTACKATDAWN / LEMON
    expect(keywordLetters('attack at dawn', 'lemon', 1)).toBe('LXFOPV EF RNHR');
    expect(keywordLetters('LXFOPV EF RNHR', 'LEMON', -1)).toBe('ATTACK AT DAWN');
  });

  it('deciphers what it enciphers, for every cipher', () => {
    const plain = "That is not dead which can eternal lie, R'lyeh!";
    for (const cipher of CURSE_CIPHERS) {
      const key = cipher === 'shift' ? '11' : cipher === 'keyword' ? 'Dagon' : '';
      const hidden = encipher(cipher, plain, key);
      expect(hidden, cipher).not.toBe(plain.toUpperCase());
      expect(decipher(cipher, hidden, key), cipher).toBe(plain.toUpperCase());
    }
  });

  it('compares answers by their letters only', () => {
    expect(normalizeAnswer("  R'lyeh   waits, dreaming! ")).toBe('RLYEHWAITSDREAMING');
    expect(normalizeAnswer('Ph’nglui Éibon')).toBe('PHNGLUIEIBON');
  });

  it('checks operator keys', () => {
    expect(cipherKeyProblem('shift', '7')).toBeNull();
    expect(cipherKeyProblem('shift', '0')).toMatch(/1 to 25/);
    expect(cipherKeyProblem('shift', '2.5')).toMatch(/1 to 25/);
    expect(cipherKeyProblem('keyword', 'Dagon')).toBeNull();
    expect(cipherKeyProblem('keyword', 'AAA')).toMatch(/2 to 20/);
    expect(cipherKeyProblem('mirror', '')).toBeNull();
  });
});
