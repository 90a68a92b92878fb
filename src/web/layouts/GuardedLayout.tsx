import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AGENT_TEMPLATE_ID } from '../../protocol/identityRules';
import { ROUTES } from '../../protocol/routes';
import { hasLoggedInBefore, signOut, useAuth } from '../lib/auth';
import { entryRoute, rememberRequestedPath } from '../lib/entry';
import { memberStatus, useUserData } from '../lib/session';
import { Button } from '../ui/Button';
import { Loading } from '../ui/Loading';
import { MessagePage } from '../ui/MessagePage';
import { PageBody } from './PageBody';
import styles from './Shell.module.css';

/** Only members see the navbar: it loads with the first guarded page, not with the entry bundle. */
const Navbar = lazy(() => import('../ui/Navbar'));

// The reward popups (and the daily strip) load after the page: not part of the entry bundle.
const RewardPopups = lazy(() => import('../lib/rewards/RewardPopups'));

/**
 * The signed-in layout. A signed-out visitor goes to /login and returns here after sign-in; an
 * account without a finished registration goes to /register; an unverified one to /verify.
 */
export function GuardedLayout() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const member = useUserData();

  if (auth.status === 'loading') return <Loading fullscreen />;
  const signedIn = auth.status === 'signedIn';
  // A refusal signs the member out (lib/session); this is the server out of reach: never a redirect loop.
  if (signedIn && member.isError) {
    return (
      <MessagePage image="/maintenance.svg" title="We could not load your account.">
        <p>Please check your connection and try again.</p>
        <Button onClick={() => member.refetch()}>Try again</Button>
      </MessagePage>
    );
  }
  const target = entryRoute({
    path: location.pathname,
    search: location.search,
    signedIn,
    hasLoggedInBefore: hasLoggedInBefore(),
    // An sCode is checked by the invite entry (RootLayout), which then moves a signed-out visitor on.
    code: !signedIn && new URLSearchParams(location.search).has('sCode') ? 'pending' : 'none',
    member: signedIn ? memberStatus(auth.user, member.data) : null,
  });
  if (target === 'wait') return <Loading fullscreen />;
  if (target) {
    rememberRequestedPath(location.pathname + location.search);
    return <Navigate to={target} replace />;
  }

  const logout = () => {
    signOut().then(() => navigate(ROUTES.login, { replace: true }));
  };

  return (
    <div className={styles.shell}>
      <Suspense fallback={<div className={styles.navPlaceholder} />}>
        <Navbar onLogout={logout} agentTemplateId={AGENT_TEMPLATE_ID} />
      </Suspense>
      <PageBody />
      <Suspense fallback={null}>
        <RewardPopups />
      </Suspense>
    </div>
  );
}
