import { ROUTES } from '../../../../protocol/routes';

/** The public share link of an item, with the sharer's referral code (`rb`) so a friend who joins credits them. */
export function shareLink(origin: string, sItemID: string, referralCode: string | null | undefined): string {
  const rb = referralCode ? `&rb=${encodeURIComponent(referralCode)}` : '';
  return `${origin}${ROUTES.viewer}?sItemID=${encodeURIComponent(sItemID)}${rb}`;
}
