import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import {
  availability,
  KIND_LABELS,
  remainingForMember,
  type StoreItemKind,
  type StoreItemView,
} from '../../../../protocol/store';
import { formatCount } from '../../../ui/format';

/** The words the catalogue shows for an item: stock, the member's limit, its window. */

export const points = (n: number) => `${formatCount(n)} point${n === 1 ? '' : 's'}`;
export const tickets = (n: number) => `${formatCount(n)} raffle ticket${n === 1 ? '' : 's'}`;

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
export const formatTime = (ms: number) => when.format(new Date(ms));

export function stockLabel(item: Pick<StoreItemView, 'iStockLeft'>): string {
  if (item.iStockLeft === null) return 'Unlimited';
  return item.iStockLeft === 0 ? 'Sold out' : `${formatCount(item.iStockLeft)} left`;
}

export function limitLabel(item: Pick<StoreItemView, 'iLimit' | 'iBought'>): string {
  const left = Math.max(0, item.iLimit - item.iBought);
  if (left === 0) return `You have bought ${item.iLimit} of ${item.iLimit}: the limit`;
  return item.iBought === 0 ? `Up to ${item.iLimit} per member` : `You may buy ${left} more of ${item.iLimit}`;
}

export function windowLabel(
  item: Pick<StoreItemView, 'iAvailableFrom' | 'iAvailableUntil'>,
  now: number,
): string | null {
  const state = availability(item, now);
  if (state === 'upcoming' && item.iAvailableFrom !== null) return `On sale from ${formatTime(item.iAvailableFrom)}`;
  if (state === 'available' && item.iAvailableUntil !== null)
    return `On sale until ${formatTime(item.iAvailableUntil)}`;
  return null;
}

/** What one unit gives, in words: "3 raffle tickets", "a collectible". */
export function grantLabel(item: Pick<StoreItemView, 'sKind' | 'iTickets'>): string {
  return item.sKind === 'collectible' ? 'A collectible for your inventory' : tickets(item.iTickets);
}

/** How many the quantity picker offers: what the member may still buy, at most `max`. */
export const quantityChoices = (item: StoreItemView, max: number) =>
  Math.max(1, Math.min(max, remainingForMember(item)));

export const KIND_FILTERS: Array<{ kind: StoreItemKind | 'all'; label: string }> = [
  { kind: 'all', label: 'All' },
  { kind: 'collectible', label: 'Collectibles' },
  { kind: 'tickets', label: 'Ticket bundles' },
  { kind: 'raffle-entry', label: 'Raffle entries' },
];

export const kindLabel = (kind: StoreItemKind) => KIND_LABELS[kind];

/** Why the member cannot buy this now, before they try (the server's refusal in the same words, with their numbers). */
export function blockedSentence(code: number, item: StoreItemView, balance: number, quantity: number): string {
  if (code === ErrorCode.NOT_ENOUGH_POINTS) {
    return `You need ${points(item.iPrice * quantity - balance)} more to buy this.`;
  }
  if (code === ErrorCode.NOT_ON_SALE_YET && item.iAvailableFrom !== null) {
    return `This item goes on sale on ${formatTime(item.iAvailableFrom)}.`;
  }
  return errorMessage(code);
}
