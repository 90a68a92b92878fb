import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../providers';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** Routes without wrapper (docs/product.md §2): /viewer, /authaction, /maintenance, /changeaccount; each screen holds its own main landmark. */
function Bare() {
  return (
    <div className={styles.bare}>
      <Suspense fallback={<Loading fullscreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

export default function BareLayout() {
  return (
    <QueryProvider>
      <Bare />
    </QueryProvider>
  );
}
