import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import styles from './AccountForm.module.css';

/** An /account sub-page (change email, change password): a way back, a title, and one card with an intro. */
export function AccountSubPage({
  title,
  subtitle,
  intro,
  children,
}: {
  title: string;
  subtitle?: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.narrow}>
      <Link to={ROUTES.account} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        Account
      </Link>
      <PageHeader title={title} subtitle={subtitle} />
      <Card className={styles.card}>
        <p className={styles.intro}>{intro}</p>
        {children}
      </Card>
    </section>
  );
}
