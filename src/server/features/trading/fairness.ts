import { type Collectible, itemRarity, type RarityTier } from '../../../protocol/collectibles';

/**
 * What a side of an offer is worth for the "far more than it gets" warning (decision 0242): each
 * collectible by its rarity tier (the collectibles capability's itemRarity), in points, plus the
 * points. Each tier is worth about 2.5 times the one below; a tier name the table does not know
 * (a template's own Rarity trait value) counts as Common.
 */
export const TIER_WORTH: Readonly<Record<RarityTier, number>> = {
  Common: 100,
  Uncommon: 250,
  Rare: 600,
  Epic: 1500,
  Legendary: 4000,
};

/** A side gives "far more" when it is worth at least this many times the other side… */
export const FAR_MORE_RATIO = 4;
/** …and at least this many points more (so a trade of trifles never warns). */
export const FAR_MORE_MARGIN = 200;

export interface OfferSide {
  items: ReadonlyArray<Pick<Collectible, 'publicMetadata'>>;
  points: number;
}

export function tierOf(item: Pick<Collectible, 'publicMetadata'>): RarityTier {
  const tier = itemRarity(item).tier;
  return tier in TIER_WORTH ? (tier as RarityTier) : 'Common';
}

export function sideWorth(side: OfferSide): number {
  return side.items.reduce((sum, item) => sum + TIER_WORTH[tierOf(item)], side.points);
}

export function givesFarMore(giving: OfferSide, getting: OfferSide): boolean {
  const gives = sideWorth(giving);
  const gets = sideWorth(getting);
  return gives >= FAR_MORE_RATIO * gets && gives - gets >= FAR_MORE_MARGIN;
}

/** The items by tier, rarest first ("1 Legendary and 2 Common"), or only their count ("3", "0") when `withTiers` is false. */
export function describeItems(items: OfferSide['items'], withTiers = true): string {
  if (items.length === 0 || !withTiers) return String(items.length);
  const counts = new Map<RarityTier, number>();
  for (const item of items) counts.set(tierOf(item), (counts.get(tierOf(item)) ?? 0) + 1);
  const parts = (Object.keys(TIER_WORTH) as RarityTier[])
    .reverse()
    .flatMap((tier) => (counts.has(tier) ? [`${counts.get(tier)} ${tier}`] : []));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] as string);
}

/** Tiers are named only when the two sides' items are not all of one tier (else counts say it all). */
const mixedTiers = (give: OfferSide, take: OfferSide) => new Set([...give.items, ...take.items].map(tierOf)).size > 1;

const pointsPart = (points: number) => (points > 0 ? ` and ${points} point${points === 1 ? '' : 's'}` : '');

/** The sender's warning when their side is worth far more than what they get; null otherwise. */
export function senderGivesFarMore(give: OfferSide, take: OfferSide): string | null {
  if (take.items.length === 0 && take.points === 0) return null; // a gift gives everything on purpose
  if (!givesFarMore(give, take)) return null;
  const tiers = mixedTiers(give, take);
  return `You give ${describeItems(give.items, tiers)} ${give.items.length === 1 ? 'collectible' : 'collectibles'}${pointsPart(give.points)} for ${describeItems(take.items, tiers)}${pointsPart(take.points)}: check it is what you mean.`;
}

/** The receiver's warning when the offer asks far more of theirs than it gives; null otherwise. */
export function receiverGivesFarMore(give: OfferSide, take: OfferSide): string | null {
  if (!givesFarMore(take, give)) return null;
  const tiers = mixedTiers(give, take);
  return `This offer asks ${describeItems(take.items, tiers)} of your collectibles${pointsPart(take.points)} for ${describeItems(give.items, tiers)}: check it is fair.`;
}
