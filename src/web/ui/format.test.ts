import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups digits as en-US does, for every size and sign', () => {
    const english = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 42, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1000, -9_876_543]) {
      expect(formatCount(n)).toBe(english.format(n));
    }
  });

  it('writes whole numbers only', () => {
    expect(formatCount(1234.9)).toBe('1,234');
    expect(formatCount(-0.5)).toBe('0');
  });
});
