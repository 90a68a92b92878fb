import type { NavigateFunction } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { entryRoute, forgetRequestedPath, requestedPath } from '../../../lib/entry';

/** Where a signed-in member goes from an entry page (`/`, /login, /register, /verify): docs/product.md §2 entry routing. */
export function signedInTarget(path: string, member: { registered: boolean; verified: boolean } | null) {
  return entryRoute({
    path,
    search: '',
    signedIn: true,
    hasLoggedInBefore: true,
    code: 'none',
    member,
    requested: requestedPath(),
  });
}

/**
 * Goes there (nowhere for null or 'wait'). A signed-in member who is in for good has used up the
 * remembered path; a signed-out visitor keeps it for after the login.
 */
export function goOn(navigate: NavigateFunction, target: string | null, signedIn = true): void {
  if (!target || target === 'wait') return;
  if (signedIn && target !== ROUTES.verify && target !== ROUTES.register) forgetRequestedPath();
  navigate(target, { replace: true });
}
