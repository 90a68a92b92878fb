const TIERS = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type RarityClass = (typeof TIERS)[number];

/** The style of a Rarity trait value (Common … Legendary), or null for an unknown value. */
export function rarityClass(value: string): RarityClass | null {
  const tier = value.trim().toLowerCase();
  return (TIERS as readonly string[]).includes(tier) ? (tier as RarityClass) : null;
}
