import { describe, expect, it } from 'vitest';
import { rarityLabel } from '../../../protocol/collectibles';
import { normalizeTraits, parseTraits, traitCountKey, withRarity } from './rarity';

describe('trait rarity', () => {
  const traits = [
    { trait_type: 'Level', value: 3 },
    { trait_type: 'Rarity', value: 'Rare' },
  ];

  it('attaches the count of the same value and the collection total', () => {
    const counts = new Map([
      [traitCountKey('agent', 'Level', 3), 4],
      [traitCountKey('agent', 'Rarity', 'Rare'), 1],
    ]);
    expect(withRarity('agent', traits, counts, 200)).toEqual([
      { trait_type: 'Level', value: 3, iCount: 4, iTotal: 200 },
      { trait_type: 'Rarity', value: 'Rare', iCount: 1, iTotal: 200 },
    ]);
    expect(rarityLabel(1, 201)).toBe('< 1%');
  });

  it('treats 3 and "3" as the same value, but not across collections', () => {
    expect(traitCountKey('agent', 'Level', 3)).toBe(traitCountKey('agent', 'Level', '3'));
    expect(traitCountKey('agent', 'Level', 3)).not.toBe(traitCountKey('mythopedia', 'Level', 3));
    expect(traitCountKey('a', 'b,c', 'd')).not.toBe(traitCountKey('a,b', 'c', 'd'));
  });

  it('answers 0 of 0 for an empty collection, so no rarity is shown', () => {
    const attributes = withRarity('agent', traits, new Map(), 0);
    expect(attributes.every((a) => a.iCount === 0 && a.iTotal === 0)).toBe(true);
    expect(rarityLabel(0, 0)).toBeNull();
  });

  it('never reports a count above the total or below zero', () => {
    const counts = new Map([
      [traitCountKey('agent', 'Level', 3), 9],
      [traitCountKey('agent', 'Rarity', 'Rare'), -2],
    ]);
    expect(withRarity('agent', traits, counts, 5).map((a) => a.iCount)).toEqual([5, 0]);
    expect(withRarity('agent', traits, counts, Number.NaN).map((a) => a.iTotal)).toEqual([0, 0]);
  });

  it('keeps one well-formed trait per type from untrusted JSON', () => {
    expect(
      normalizeTraits([
        { trait_type: ' Level ', value: 1 },
        { trait_type: 'Level', value: 2 },
        { trait_type: 'XP', value: Number.POSITIVE_INFINITY },
        { trait_type: '', value: 'x' },
        { trait_type: 'Flag', value: true },
        { trait_type: 'Long', value: 'x'.repeat(201) },
        null,
        'Stars',
        { trait_type: 'Stars', value: '5' },
      ]),
    ).toEqual([
      { trait_type: 'Level', value: 1 },
      { trait_type: 'Stars', value: '5' },
    ]);
    expect(normalizeTraits({ trait_type: 'Level' })).toEqual([]);
    expect(parseTraits('not json')).toEqual([]);
    expect(parseTraits('[{"trait_type":"XP","value":0}]')).toEqual([{ trait_type: 'XP', value: 0 }]);
  });
});
