import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ShellLive } from '../lib/shell';
import Footer from '../ui/footer/Footer';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/**
 * What the main and guarded layouts share under their headers: the routed screen, then the footer
 * (in this layout's chunk, not the entry). The main landmark is a screen tall, so the footer stays
 * below the fold and does not jump when a screen's content arrives. `waiting`: the screen cannot show yet.
 */
export function PageBody({ waiting = false }: { waiting?: boolean }) {
  return (
    <>
      <main id="main" className={styles.main}>
        {waiting ? (
          <>
            <Loading />
            <ShellLive />
          </>
        ) : (
          // Inside the boundary: React hydrates a Suspense boundary after the rest of the page.
          <Suspense fallback={<Loading />}>
            <Outlet />
            <ShellLive />
          </Suspense>
        )}
      </main>
      <Footer />
    </>
  );
}
