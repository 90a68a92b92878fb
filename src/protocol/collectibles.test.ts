import { describe, expect, it } from 'vitest';
import { rarityLabel } from './collectibles';

describe('rarity percent (docs/product.md §3)', () => {
  it('rounds iCount / iTotal * 100', () => {
    expect(rarityLabel(1, 3)).toBe('33%');
    expect(rarityLabel(2, 3)).toBe('67%');
    expect(rarityLabel(5, 5)).toBe('100%');
  });
  it('shows "< 1%" when it rounds to 0 or less', () => {
    expect(rarityLabel(1, 1000)).toBe('< 1%');
    expect(rarityLabel(0, 10)).toBe('< 1%');
  });
  it('is hidden when iTotal is not above 0', () => {
    expect(rarityLabel(0, 0)).toBeNull();
    expect(rarityLabel(1, -1)).toBeNull();
    expect(rarityLabel(undefined, undefined)).toBeNull();
  });
});
