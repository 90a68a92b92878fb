import { lazy, Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { hasLoggedInBefore, useAuth } from '../lib/auth';
import { signedOutRoute } from '../lib/entry';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** The footer sits below the fold: it loads after the page, outside the entry bundle. */
const Footer = lazy(() => import('../ui/Footer'));

/** The public layout: brand header, content, footer; /cursebreaker is gated for signed-out visitors (SPEC §2). */
export function MainLayout() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'signedOut') {
    const target = signedOutRoute({
      path: location.pathname,
      search: location.search,
      hasLoggedInBefore: hasLoggedInBefore(),
    });
    if (target && location.pathname !== '/') return <Navigate to={target} replace />;
  }
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={ROUTES.instructions} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Cthulhu Portal</span>
        </Link>
      </header>
      <main id="main" className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
