import type { ReactNode } from 'react';
import styles from './AuthPanel.module.css';

/** The narrow, centred card every account form sits in. */
export function AuthPanel({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className={styles.panel}>
      <h1 className={styles.title}>{title}</h1>
      {intro && <div className={styles.intro}>{intro}</div>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}
