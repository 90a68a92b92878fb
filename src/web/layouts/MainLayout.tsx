import { Link, Navigate, useLocation } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { hasLoggedInBefore, useAuth } from '../lib/auth';
import { signedOutRoute } from '../lib/entry';
import { PageBody } from './PageBody';
import styles from './Shell.module.css';

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
      <PageBody />
    </div>
  );
}
