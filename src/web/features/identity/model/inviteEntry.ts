import { getAuthState, hasLoggedInBefore } from '../../../lib/auth';
import { entryRoute } from '../../../lib/entry';
import { checkInviteCode } from './store';

/**
 * docs/product.md §2: an `sCode` in the address is verified on load, and a signed-out visitor is routed by it.
 * Loaded only when the address carries a code, so the entry bundle stays small.
 */
export async function runInviteEntry(location: { pathname: string; search: string }, go: (to: string) => void) {
  const sCode = new URLSearchParams(location.search).get('sCode');
  if (!sCode) return;
  const status = await checkInviteCode(sCode);
  if (getAuthState().status === 'signedIn') return;
  const target = entryRoute({
    path: location.pathname,
    search: location.search,
    signedIn: false,
    hasLoggedInBefore: hasLoggedInBefore(),
    code: status.iCodeVerifyState === 1 ? 'valid' : 'invalid',
  });
  if (target && target !== 'wait') go(target);
}
