import { PATHS_THAT_GO_HOME, ROUTES } from '../../protocol/routes';
import { STORAGE, session } from './storage';

/**
 * docs/product.md §2 entry routing, as pure functions of what the app knows. Each answers where to go
 * (path + query) or null to stay.
 */

const PUBLIC_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.instructions,
  ROUTES.games,
  ROUTES.verify,
  ROUTES.forgotPassword,
  ROUTES.viewer,
  ROUTES.authAction,
  ROUTES.maintenance,
  ROUTES.changeAccount,
  ROUTES.devMailbox,
];

/** Pages a registered, verified member has no business on: they go on to the requested path or /home. */
const SIGNED_IN_LEAVES: readonly string[] = [ROUTES.root, ROUTES.login, ROUTES.register, ROUTES.verify];

/** Keeps the invite and referral parameters through a redirect. */
function withEntryParams(path: string, search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['sCode', 'rb']) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/** After an sCode was checked: valid → /login if this browser logged in before, else /register; invalid → /login unless on /register or /login. */
export function codeRoute(input: {
  path: string;
  search: string;
  codeValid: boolean;
  hasLoggedInBefore: boolean;
}): string | null {
  const { path, search, codeValid, hasLoggedInBefore } = input;
  if (codeValid) {
    const target = hasLoggedInBefore ? ROUTES.login : ROUTES.register;
    return path === target ? null : withEntryParams(target, search);
  }
  return path === ROUTES.register || path === ROUTES.login ? null : withEntryParams(ROUTES.login, search);
}

/** A signed-out visitor: `/` and guarded routes go to /login; /cursebreaker only with a remembered login. */
export function signedOutRoute(input: { path: string; search: string; hasLoggedInBefore: boolean }): string | null {
  const { path, search, hasLoggedInBefore } = input;
  if (path === ROUTES.curseBreaker) return hasLoggedInBefore ? null : withEntryParams(ROUTES.login, search);
  if (PUBLIC_PATHS.includes(path)) return null;
  return withEntryParams(ROUTES.login, search);
}

/** A signed-in account: unverified → /verify, not yet registered → /register (to finish), else stay. */
export function signedInRoute(input: { path: string; verified: boolean; registered: boolean }): string | null {
  const { path, verified, registered } = input;
  if (!registered) return path === ROUTES.register ? null : ROUTES.register;
  if (!verified) return path === ROUTES.verify ? null : ROUTES.verify;
  return null;
}

/** After sign-in: verified → the requested path with its query (or /home for the entry pages), else /verify. */
export function afterSignInRoute(requested: string | null, verified: boolean): string {
  if (!verified) return ROUTES.verify;
  if (!requested) return ROUTES.home;
  const path = requested.split('?')[0] ?? ROUTES.root;
  return PATHS_THAT_GO_HOME.includes(path) ? ROUTES.home : requested;
}

/** The sCode check as entry routing sees it: no code in the address, still checking, or its outcome. */
export type CodeCheck = 'none' | 'pending' | 'valid' | 'invalid';

export interface EntryFacts {
  path: string;
  search: string;
  signedIn: boolean;
  hasLoggedInBefore: boolean;
  code: CodeCheck;
  /** Signed in: whether the account is verified and has a profile (null while its data loads). */
  member?: { verified: boolean; registered: boolean } | null;
  /** The remembered requested path + query (used on `/`). */
  requested?: string | null;
}

/**
 * docs/product.md §2 entry routing as one decision: where to go (path + query), null to stay, or 'wait'
 * while the code check or the member's data is still on its way.
 */
export function entryRoute(facts: EntryFacts): string | null | 'wait' {
  const { path, code, member } = facts;
  if (!facts.signedIn) {
    if (code === 'pending') return 'wait';
    return code === 'none' ? signedOutRoute(facts) : codeRoute({ ...facts, codeValid: code === 'valid' });
  }
  if (!member) return 'wait';
  if (!member.registered || !member.verified) return signedInRoute({ path, ...member });
  return SIGNED_IN_LEAVES.includes(path) ? afterSignInRoute(facts.requested ?? null, true) : null;
}

/** Remembers the path + query a signed-out visitor asked for (docs/product.md §2). */
export function rememberRequestedPath(pathAndQuery: string): void {
  session.set(STORAGE.requestedPath, pathAndQuery);
}

/** The path + query a signed-out visitor asked for, if any. */
export const requestedPath = (): string | null => session.get(STORAGE.requestedPath);

export const forgetRequestedPath = (): void => session.remove(STORAGE.requestedPath);

/** Where a member goes after sign-in; forgets the remembered path once it is used. */
export function afterSignInPath(verified = true): string {
  const requested = requestedPath();
  if (verified) forgetRequestedPath();
  return afterSignInRoute(requested, verified);
}
