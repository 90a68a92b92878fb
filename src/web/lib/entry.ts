import { PATHS_THAT_GO_HOME, ROUTES } from '../../protocol/routes';
import { STORAGE, session } from './storage';

/**
 * SPEC §2 entry routing, as pure functions of what the app knows. Each answers where to go
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

/** Remembers the path + query a signed-out visitor asked for (SPEC §2). */
export function rememberRequestedPath(pathAndQuery: string): void {
  session.set(STORAGE.requestedPath, pathAndQuery);
}

/** Where a member goes after sign-in; forgets the remembered path. */
export function afterSignInPath(verified = true): string {
  const requested = session.get(STORAGE.requestedPath);
  session.remove(STORAGE.requestedPath);
  return afterSignInRoute(requested, verified);
}
