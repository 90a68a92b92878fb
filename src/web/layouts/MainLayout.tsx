import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import { Footer } from '../ui/Footer';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** The public layout: brand header, content, footer. */
export function MainLayout() {
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
      <Footer />
    </div>
  );
}
