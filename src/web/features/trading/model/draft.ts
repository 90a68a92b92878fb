import type { OfferDraft } from '../api/trading';

/** What keeps an offer from being sent, in a sentence; null when it may go. */
export function draftProblem(draft: OfferDraft, gift: boolean): string | null {
  if (!/^[A-Za-z0-9_]{3,20}$/.test(draft.to.trim())) return 'Name the member by their username.';
  if (draft.give.length === 0 && draft.givePoints <= 0) return 'Pick at least one of your items, or some points.';
  if (!gift && draft.take.length === 0 && draft.takePoints <= 0)
    return 'Ask for one of their items or some points, or send it as a gift.';
  return null;
}

/** Toggles an id in a list (a picked item). */
export function toggled(list: readonly string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

/** A whole number of points from an input ('' is 0). */
export function pointsOf(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
