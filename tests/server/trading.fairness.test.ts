import { describe, expect, it } from 'vitest';
import type { Collectible, CollectibleAttribute } from '../../src/protocol/collectibles';
import {
  describeItems,
  receiverGivesFarMore,
  senderGivesFarMore,
  sideWorth,
  TIER_WORTH,
} from '../../src/server/features/trading/fairness';

type Item = Pick<Collectible, 'publicMetadata'>;
const withTraits = (attributes: CollectibleAttribute[]): Item => ({
  publicMetadata: {
    name: 'Agent',
    description: '',
    image: '',
    image_url: '',
    animation_url: '',
    animation_url_mime_type: '',
    attributes,
  },
});
/** An item whose Rarity trait names its tier (the rarest trait's share is not used then). */
const agent = (tier: string): Item => withTraits([{ trait_type: 'Rarity', value: tier, iCount: 1, iTotal: 2 }]);
/** An item without a Rarity trait: its tier comes from its rarest trait's share (3 of 100: Legendary). */
const byShare = (count: number): Item =>
  withTraits([{ trait_type: 'Eyes', value: 'Gold', iCount: count, iTotal: 100 }]);

describe('the "far more than it gets" warning compares rarity and points (0242)', () => {
  it('worth is the tiers in points plus the points; an unknown tier name counts as Common', () => {
    expect(sideWorth({ items: [agent('Legendary'), agent('Common')], points: 50 })).toBe(4150);
    expect(sideWorth({ items: [agent('Mythic')], points: 0 })).toBe(TIER_WORTH.Common);
    expect(sideWorth({ items: [byShare(3)], points: 0 })).toBe(TIER_WORTH.Legendary);
    expect(sideWorth({ items: [byShare(80)], points: 0 })).toBe(TIER_WORTH.Common);
  });

  it('one Legendary for one Common warns the sender, though the counts are equal', () => {
    const give = { items: [agent('Legendary')], points: 0 };
    const take = { items: [agent('Common')], points: 0 };
    expect(senderGivesFarMore(give, take)).toBe(
      'You give 1 Legendary collectible for 1 Common: check it is what you mean.',
    );
    expect(receiverGivesFarMore(give, take)).toBeNull();
  });

  it('asking an Epic and a Rare for two Commons warns the receiver', () => {
    const give = { items: [agent('Common'), agent('Common')], points: 0 };
    const take = { items: [agent('Epic'), agent('Rare')], points: 0 };
    expect(receiverGivesFarMore(give, take)).toBe(
      'This offer asks 1 Epic and 1 Rare of your collectibles for 2 Common: check it is fair.',
    );
    expect(senderGivesFarMore(give, take)).toBeNull();
  });

  it('points count: three Commons for 1,000 points is fair, for 10 points is not', () => {
    const commons = { items: [agent('Common'), agent('Common'), agent('Common')], points: 0 };
    expect(receiverGivesFarMore({ items: [], points: 1000 }, commons)).toBeNull();
    expect(receiverGivesFarMore({ items: [], points: 10 }, commons)).toBe(
      'This offer asks 3 of your collectibles for 0: check it is fair.',
    );
    expect(senderGivesFarMore({ items: [agent('Legendary')], points: 0 }, { items: [], points: 2000 })).toBeNull();
  });

  it('many Commons for one Legendary is fair by rarity, though the counts differ by 3 or more', () => {
    const commons = { items: Array.from({ length: 12 }, () => agent('Common')), points: 0 };
    const legendary = { items: [agent('Legendary')], points: 0 };
    expect(senderGivesFarMore(commons, legendary)).toBeNull();
    expect(receiverGivesFarMore(commons, legendary)).toBeNull();
  });

  it('a gift never warns its sender; trifles never warn', () => {
    expect(senderGivesFarMore({ items: [agent('Legendary')], points: 0 }, { items: [], points: 0 })).toBeNull();
    expect(receiverGivesFarMore({ items: [], points: 20 }, { items: [agent('Common')], points: 0 })).toBeNull();
    expect(describeItems([agent('Rare'), agent('Common'), agent('Legendary')])).toBe(
      '1 Legendary, 1 Rare and 1 Common',
    );
  });
});
