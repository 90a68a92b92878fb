import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { signOut, useAuth } from '../lib/auth';
import { rememberRequestedPath } from '../lib/entry';
import { Footer } from '../ui/Footer';
import { Loading } from '../ui/Loading';
import { Navbar } from '../ui/Navbar';
import styles from './Shell.module.css';

/** The signed-in layout: a signed-out visitor goes to /login and comes back here after sign-in. */
export function GuardedLayout() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  if (auth.status === 'loading') return <Loading fullscreen />;
  if (auth.status === 'signedOut') {
    rememberRequestedPath(location.pathname + location.search);
    return <Navigate to={ROUTES.login} replace />;
  }

  const logout = () => {
    signOut().then(() => navigate(ROUTES.login, { replace: true }));
  };

  return (
    <div className={styles.shell}>
      <Navbar onLogout={logout} agentTemplateId={AGENT_TEMPLATE_ID} />
      <main id="main" className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

const AGENT_TEMPLATE_ID = 'agent';
