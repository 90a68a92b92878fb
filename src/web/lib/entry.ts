import { PATHS_THAT_GO_HOME, ROUTES } from '../../protocol/routes';
import { STORAGE, session } from './storage';

/** Remembers the path + query a signed-out visitor asked for (SPEC §2). */
export function rememberRequestedPath(pathAndQuery: string): void {
  session.set(STORAGE.requestedPath, pathAndQuery);
}

/** Where a verified member goes after sign-in: the requested path with its query, or /home. */
export function afterSignInPath(): string {
  const requested = session.get(STORAGE.requestedPath);
  session.remove(STORAGE.requestedPath);
  if (!requested) return ROUTES.home;
  const path = requested.split('?')[0] ?? '/';
  return PATHS_THAT_GO_HOME.includes(path) ? ROUTES.home : requested;
}
