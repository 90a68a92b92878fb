import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { hasLoggedInBefore, useAuth } from '../../../lib/auth';
import { signedOutRoute } from '../../../lib/entry';
import { Loading } from '../../../ui/Loading';

/** `/`: shows only the loading text while it decides where to go (SPEC §2). */
export default function EntryScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (auth.status === 'loading') return;
    // With an invite code the code check decides (lib/identity/useInviteEntry).
    if (auth.status === 'signedOut' && new URLSearchParams(location.search).has('sCode')) return;
    const target =
      auth.status === 'signedIn'
        ? ROUTES.home
        : (signedOutRoute({ path: ROUTES.root, search: location.search, hasLoggedInBefore: hasLoggedInBefore() }) ??
          ROUTES.login);
    navigate(target, { replace: true });
  }, [auth.status, location.search, navigate]);
  return <Loading />;
}
