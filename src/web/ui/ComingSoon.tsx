import type { ReactNode } from 'react';
import styles from './ComingSoon.module.css';
import { PageHeader } from './PageHeader';

/** An honest page for a capability that arrives in a coming release: what it will offer, no fake data. */
export function ComingSoon({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section>
      <PageHeader title={title} subtitle="Arriving in a coming release" />
      <div className={styles.panel}>
        {icon && (
          <div className={styles.icon} aria-hidden="true">
            {icon}
          </div>
        )}
        <div className={styles.text}>{children}</div>
      </div>
    </section>
  );
}
