/** Whitelist service (docs/product.md §7): POST /api/whitelist/<action>, no token; the web yields null on any failure. */
import type { Answer } from './wire';

/** whitelist/isWhitelisted: is this wallet address or email on the list. */
export interface IsWhitelistedAnswer extends Answer {
  bInWhitelist: boolean;
}

/** The whitelist part of pUserData: the member's email or linked wallet is on the list. */
export type WhitelistUserData = { bInWhitelist: boolean };

export type WhitelistKind = 'address' | 'email';
