import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAuthState, hasLoggedInBefore } from '../auth';
import { codeRoute } from '../entry';
import { checkInviteCode } from './store';

/** SPEC §2: an `sCode` in the address is verified on load, and a signed-out visitor is routed by it. */
export function useInviteEntry(): void {
  const location = useLocation();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, for the address it was loaded with
  useEffect(() => {
    const sCode = new URLSearchParams(location.search).get('sCode');
    if (!sCode) return;
    let cancelled = false;
    checkInviteCode(sCode).then((status) => {
      if (cancelled || getAuthState().status === 'signedIn') return;
      const target = codeRoute({
        path: location.pathname,
        search: location.search,
        codeValid: status.iCodeVerifyState === 1,
        hasLoggedInBefore: hasLoggedInBefore(),
      });
      if (target) navigate(target, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
