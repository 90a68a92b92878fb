import type { RaffleStatus } from '../../../../protocol/raffle';
import styles from './StatusPill.module.css';

const LABELS: Record<RaffleStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Open for entries',
  closed: 'Closed · drawing soon',
  drawing: 'Drawn · delivering prizes',
  drawn: 'Drawn',
  cancelled: 'Cancelled',
};

export function StatusPill({ status }: { status: RaffleStatus }) {
  return <span className={`${styles.pill} ${styles[status]}`}>{LABELS[status]}</span>;
}
