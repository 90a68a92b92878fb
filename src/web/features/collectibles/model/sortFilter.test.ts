import { describe, expect, it } from 'vitest';
import { type Collectible, itemRarity } from '../../../../protocol/collectibles';
import { sortAndFilter } from './sortFilter';

const item = (id: string, name: string, rarity: string, bNew = false): Collectible => ({
  sItemID: id,
  sCollectionID: 'agent',
  sTemplateID: id,
  bNew,
  publicMetadata: {
    name,
    description: '',
    image: '',
    image_url: '',
    animation_url: '',
    animation_url_mime_type: '',
    attributes: [{ trait_type: 'Rarity', value: rarity, iCount: 1, iTotal: 3 }],
  },
});

describe('inventory sort and filter', () => {
  const items = [item('a', 'Zed', 'Common'), item('b', 'Amy', 'Legendary', true), item('c', 'Moe', 'Rare')];
  it('sorts by name and by rarity, rarest first', () => {
    expect(sortAndFilter(items, 'name', 'all').map((i) => i.publicMetadata.name)).toEqual(['Amy', 'Moe', 'Zed']);
    expect(sortAndFilter(items, 'rarity', 'all').map((i) => i.sItemID)).toEqual(['b', 'c', 'a']);
    expect(sortAndFilter(items, 'default', 'all').map((i) => i.sItemID)).toEqual(['a', 'b', 'c']);
  });
  it('filters the new ones and one tier', () => {
    expect(sortAndFilter(items, 'default', 'new').map((i) => i.sItemID)).toEqual(['b']);
    expect(sortAndFilter(items, 'default', 'Rare').map((i) => i.sItemID)).toEqual(['c']);
  });
  it('takes the Rarity trait as the tier, else the rarest share', () => {
    expect(itemRarity(items[1] as Collectible).tier).toBe('Legendary');
    const plain = item('d', 'X', 'Common');
    plain.publicMetadata.attributes = [{ trait_type: 'Level', value: 1, iCount: 1, iTotal: 50 }];
    expect(itemRarity(plain).tier).toBe('Legendary');
  });
});
