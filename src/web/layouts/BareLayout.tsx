import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../providers';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** Routes without wrapper (docs/product.md §2): /viewer, /authaction, /maintenance, /changeaccount. */
function Bare() {
  return (
    <main id="main" className={styles.bare}>
      <Suspense fallback={<Loading fullscreen />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

export default function BareLayout() {
  return (
    <QueryProvider>
      <Bare />
    </QueryProvider>
  );
}
