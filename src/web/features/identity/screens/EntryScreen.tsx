import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { hasLoggedInBefore, useAuth } from '../../../lib/auth';
import { entryRoute } from '../../../lib/entry';
import { memberStatus, useUserData } from '../../../lib/memberData';
import { Loading } from '../../../ui/Loading';
import { goOn, signedInTarget } from '../model/goOn';

/** `/`: shows only the loading text while it decides where to go (docs/product.md §2). */
export default function EntryScreen() {
  const auth = useAuth();
  const member = useUserData();
  const navigate = useNavigate();
  const { search } = useLocation();

  let target: string | null = null;
  if (auth.status === 'signedIn') {
    // The guard shows what went wrong if the member's data cannot be loaded.
    target = member.isError ? ROUTES.home : signedInTarget(ROUTES.root, memberStatus(auth.user, member.data));
  } else if (auth.status === 'signedOut') {
    target = entryRoute({
      path: ROUTES.root,
      search,
      signedIn: false,
      hasLoggedInBefore: hasLoggedInBefore(),
      // With an invite code the code check decides and moves on (features/identity/model/inviteEntry).
      code: new URLSearchParams(search).has('sCode') ? 'pending' : 'none',
    });
  }

  const signedIn = auth.status === 'signedIn';
  useEffect(() => goOn(navigate, target, signedIn), [target, signedIn, navigate]);
  return <Loading />;
}
