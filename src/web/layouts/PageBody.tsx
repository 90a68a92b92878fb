import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ShellLive } from '../lib/shell';
import Footer from '../ui/footer/Footer';
import { Loading } from '../ui/Loading';
import styles from './Shell.module.css';

/**
 * What the main and guarded layouts share under their headers: the routed screen, then the footer
 * (in this layout's chunk, not the entry). `waiting`: the screen cannot show yet; the loading text
 * holds a screen's height, so the footer stays below the fold and does not jump when it arrives.
 */
export function PageBody({ waiting = false }: { waiting?: boolean }) {
  return (
    <>
      <main id="main" className={waiting ? `${styles.main} ${styles.waiting}` : styles.main}>
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
