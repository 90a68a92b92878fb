import { local, STORAGE } from '../../../lib/storage';

export const storedWalletEmail = () => local.get(STORAGE.walletEmail);
export const storeWalletEmail = (email: string) => local.set(STORAGE.walletEmail, email);
export const clearWalletEmail = () => local.remove(STORAGE.walletEmail);

/** docs/product.md §5: on load, a stored wallet email that differs from the member's disconnects the wallet. */
export function belongsToAnotherMember(stored: string | null, memberEmail: string): boolean {
  return stored !== null && stored.trim().toLowerCase() !== memberEmail.trim().toLowerCase();
}

/** Sent by the /account card after an unlink: the navbar's wallet disconnects too. */
export const WALLET_UNLINKED_EVENT = 'portal:wallet-unlinked';
