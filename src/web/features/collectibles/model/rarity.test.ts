import { describe, expect, it } from 'vitest';
import { rarityLabel } from '../../../../protocol/collectibles';
import { rarityClass } from './rarity';

describe('attribute rarity (docs/product.md §3) and the rarity pill', () => {
  it('labels 1/1000 as "< 1%", 1/3 as 33%, hides 0/0', () => {
    expect(rarityLabel(1, 1000)).toBe('< 1%');
    expect(rarityLabel(1, 3)).toBe('33%');
    expect(rarityLabel(0, 0)).toBeNull();
  });
  it('styles the tiers Common … Legendary and nothing else', () => {
    expect(rarityClass('Legendary')).toBe('legendary');
    expect(rarityClass(' common ')).toBe('common');
    expect(rarityClass('Mythic')).toBeNull();
  });
});
