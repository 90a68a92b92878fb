/**
 * The curse-breaker's ciphers (docs/product.md §15), pure: the server enciphers the week's answer,
 * the browser's workbench tries keys on the ciphertext. Only the letters A–Z change; spaces and
 * punctuation stay where they are, so the shape of the words is part of the puzzle.
 * - shift: every letter moves the same number of places (key 1–25);
 * - mirror: the alphabet read backwards, A ↔ Z (no key);
 * - keyword: each letter moves by the matching letter of a repeated key word (A = 0).
 */
export const CURSE_CIPHERS = ['shift', 'mirror', 'keyword'] as const;
export type CurseCipher = (typeof CURSE_CIPHERS)[number];

const A = 65;
const isLetter = (code: number) => code >= A && code < A + 26;
const rotate = (code: number, by: number) => A + ((((code - A + by) % 26) + 26) % 26);

export function isCurseCipher(value: string): value is CurseCipher {
  return (CURSE_CIPHERS as readonly string[]).includes(value);
}

/** Letters only, upper case: how answers are compared ("R'lyeh waits" = "RLYEHWAITS"). */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/** The key letters of a keyword (upper case A–Z only). */
export function keywordOf(key: string): string {
  return normalizeAnswer(key);
}

function mapLetters(text: string, map: (code: number, index: number) => number): string {
  let out = '';
  let letter = 0;
  for (const char of text.toUpperCase()) {
    const code = char.charCodeAt(0);
    out += isLetter(code) ? String.fromCharCode(map(code, letter++)) : char;
  }
  return out;
}

export function shiftLetters(text: string, by: number): string {
  return mapLetters(text, (code) => rotate(code, Math.trunc(by)));
}

export function mirrorLetters(text: string): string {
  return mapLetters(text, (code) => A + 25 - (code - A));
}

/** Moves each letter by the key's letter at the same position (direction -1 undoes it). */
export function keywordLetters(text: string, key: string, direction: 1 | -1): string {
  const word = keywordOf(key);
  if (!word) return text.toUpperCase();
  return mapLetters(text, (code, i) => rotate(code, direction * (word.charCodeAt(i % word.length) - A)));
}

export function encipher(cipher: CurseCipher, plain: string, key: string): string {
  if (cipher === 'shift') return shiftLetters(plain, Number(key) || 0);
  if (cipher === 'mirror') return mirrorLetters(plain);
  return keywordLetters(plain, key, 1);
}

export function decipher(cipher: CurseCipher, text: string, key: string): string {
  if (cipher === 'shift') return shiftLetters(text, -(Number(key) || 0));
  if (cipher === 'mirror') return mirrorLetters(text);
  return keywordLetters(text, key, -1);
}

/** Why a key does not fit its cipher, or null when it does. */
export function cipherKeyProblem(cipher: CurseCipher, key: string): string | null {
  if (cipher === 'shift') {
    const n = Number(key);
    return Number.isInteger(n) && n >= 1 && n <= 25 ? null : 'A shift key is a whole number from 1 to 25.';
  }
  if (cipher === 'keyword') {
    // Issue 38: a key with anything but letters (DAGON1) is refused, never saved with it dropped.
    if (/[^A-Za-z\s]/.test(key)) {
      return `A keyword has letters only: "${key.trim()}" also has ${[...new Set(key.replace(/[A-Za-z\s]/g, ''))].join(' ')}, which the cipher would drop.`;
    }
    const word = keywordOf(key);
    return word.length >= 2 && word.length <= 20 && /[B-Z]/.test(word)
      ? null
      : 'A keyword is 2 to 20 letters (not only A).';
  }
  return null;
}
