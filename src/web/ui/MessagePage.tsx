import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../protocol/routes';
import styles from './MessagePage.module.css';

export interface MessagePageProps {
  image?: string;
  title?: ReactNode;
  children: ReactNode;
  /** Adds one way onward: the portal's start, which entry routing sends home (signed in) or to log in. */
  showNav?: boolean;
  /** Renders as a section inside another page instead of a full page. */
  sub?: boolean;
}

/** docs/product.md §2 message page: an optional picture and a message, with or without navigation. */
export function MessagePage({ image, title, children, showNav = false, sub = false }: MessagePageProps) {
  return (
    <section className={sub ? styles.sub : styles.page}>
      {image && <img className={styles.image} src={image} alt="" width={200} height={160} />}
      {title && (sub ? <h2>{title}</h2> : <h1>{title}</h1>)}
      <div className={styles.message}>{children}</div>
      {showNav && (
        <nav className={styles.nav} aria-label="Way onward">
          <Link to={ROUTES.root}>Back to the portal</Link>
        </nav>
      )}
    </section>
  );
}
