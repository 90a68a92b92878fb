import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AGENT_TEMPLATE_ID } from '../../protocol/identityRules';
import { ROUTES } from '../../protocol/routes';
import { signOut, useAuth } from '../lib/auth';
import { rememberRequestedPath, signedInRoute } from '../lib/entry';
import { useUserData } from '../lib/session';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** The footer sits below the fold: it loads after the page, outside the entry bundle. */
const Footer = lazy(() => import('../ui/Footer'));
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
  if (auth.status === 'signedOut') {
    rememberRequestedPath(location.pathname + location.search);
    return <Navigate to={ROUTES.login} replace />;
  }
  if (!member.data) {
    if (member.isError) return <Navigate to={ROUTES.login} replace />;
    return <Loading fullscreen />;
  }
  const registered = member.data.registered;
  const verified = auth.user.emailVerified || (registered && Boolean(member.data.pUserData.bVerified));
  const detour = signedInRoute({ path: location.pathname, verified, registered });
  if (detour) {
    rememberRequestedPath(location.pathname + location.search);
    return <Navigate to={detour} replace />;
  }

  const logout = () => {
    signOut().then(() => navigate(ROUTES.login, { replace: true }));
  };

  return (
    <div className={styles.shell}>
      <Suspense fallback={<div className={styles.navPlaceholder} />}>
        <Navbar onLogout={logout} agentTemplateId={AGENT_TEMPLATE_ID} />
      </Suspense>
      <main id="main" className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <RewardPopups />
      </Suspense>
    </div>
  );
}
