import { local } from '../../../lib/storage';

/** The member's email when this browser's wallet was connected (docs/product.md §4, §5). */
export const WALLET_EMAIL_KEY = 'sWalletEmail';

export const storedWalletEmail = () => local.get(WALLET_EMAIL_KEY);
export const storeWalletEmail = (email: string) => local.set(WALLET_EMAIL_KEY, email);
export const clearWalletEmail = () => local.remove(WALLET_EMAIL_KEY);

/** docs/product.md §5: on load, a stored wallet email that differs from the member's disconnects the wallet. */
export function belongsToAnotherMember(stored: string | null, memberEmail: string): boolean {
  return stored !== null && stored.trim().toLowerCase() !== memberEmail.trim().toLowerCase();
}

/** Sent by the /account card after an unlink: the navbar's wallet disconnects too. */
export const WALLET_UNLINKED_EVENT = 'portal:wallet-unlinked';
