import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/** Routes without wrapper (SPEC §2): /viewer, /authaction, /maintenance, /changeaccount. */
export function BareLayout() {
  return (
    <div className={styles.bare}>
      <Suspense fallback={<Loading fullscreen />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
