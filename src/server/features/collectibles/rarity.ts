import type { CollectibleAttribute } from '../../../protocol/collectibles';

/**
 * Traits and their rarity (docs/product.md §3), pure. iCount = items of the collection with that trait
 * value, iTotal = items in the collection.
 */
export interface Trait {
  trait_type: string;
  value: string | number;
}

const MAX_TRAIT_TYPE = 64;
const MAX_TRAIT_VALUE = 200;

/** Well-formed traits from untrusted JSON: one per trait type (the first wins), bounded lengths. */
export function normalizeTraits(raw: unknown): Trait[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const traits: Trait[] = [];
  for (const entry of raw) {
    if (!entry || typeof entry !== 'object') continue;
    const { trait_type: type, value } = entry as Record<string, unknown>;
    if (typeof type !== 'string') continue;
    const traitType = type.trim();
    if (!traitType || traitType.length > MAX_TRAIT_TYPE || seen.has(traitType)) continue;
    const isNumber = typeof value === 'number' && Number.isFinite(value);
    if (!isNumber && (typeof value !== 'string' || value.length > MAX_TRAIT_VALUE)) continue;
    seen.add(traitType);
    traits.push({ trait_type: traitType, value: value as string | number });
  }
  return traits;
}

export function parseTraits(json: string): Trait[] {
  try {
    return normalizeTraits(JSON.parse(json));
  } catch {
    return [];
  }
}

/** How a trait value is stored and matched: 3 and "3" are the same value. */
export function traitValueKey(value: string | number): string {
  return String(value);
}

export function traitCountKey(collectionId: string, traitType: string, value: string | number): string {
  return JSON.stringify([collectionId, traitType, traitValueKey(value)]);
}

/** Attaches counts to an item's traits; a count is never above the total, nor below 0. */
export function withRarity(
  collectionId: string,
  traits: readonly Trait[],
  counts: ReadonlyMap<string, number>,
  total: number,
): CollectibleAttribute[] {
  const iTotal = Math.max(0, Math.trunc(total) || 0);
  return traits.map((trait) => {
    const counted = counts.get(traitCountKey(collectionId, trait.trait_type, trait.value)) ?? 0;
    return {
      trait_type: trait.trait_type,
      value: trait.value,
      iCount: Math.min(Math.max(0, counted), iTotal),
      iTotal,
    };
  });
}
