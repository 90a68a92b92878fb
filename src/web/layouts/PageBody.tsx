import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** The footer sits below the fold: it loads after the page, outside the entry bundle. */
const Footer = lazy(() => import('../ui/footer/Footer'));

/** What the main and guarded layouts share under their headers: the routed screen, then the footer. */
export function PageBody() {
  return (
    <>
      <main id="main" className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}
