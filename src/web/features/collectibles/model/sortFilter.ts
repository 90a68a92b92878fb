import { type Collectible, itemRarity, RARITY_ORDER } from '../../../../protocol/collectibles';

export type InventorySort = 'default' | 'name' | 'rarity';
export type InventoryFilter = 'all' | 'new' | string;

/** The inventory's sort and filter (in the address, so a reload or a shared link keeps them). */
export function sortAndFilter(
  items: readonly Collectible[],
  sort: InventorySort,
  filter: InventoryFilter,
): Collectible[] {
  const kept = items.filter((item) =>
    filter === 'all' ? true : filter === 'new' ? Boolean(item.bNew) : itemRarity(item).tier === filter,
  );
  if (sort === 'name') return [...kept].sort((a, b) => a.publicMetadata.name.localeCompare(b.publicMetadata.name));
  if (sort === 'rarity') {
    const rank = (item: Collectible) => {
      const at = RARITY_ORDER.indexOf(itemRarity(item).tier as (typeof RARITY_ORDER)[number]);
      return at < 0 ? RARITY_ORDER.length : at;
    };
    return [...kept].sort((a, b) => rank(a) - rank(b));
  }
  return kept;
}
