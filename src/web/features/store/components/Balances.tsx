import { formatCount } from '../../../ui/format';
import styles from './Balances.module.css';

/** The member's points and raffle tickets, in gold (the store's page header). */
export function Balances({ points, tickets }: { points: number; tickets: number }) {
  return (
    <div className={styles.balances}>
      <span className={styles.pill}>
        <span className={styles.amount} data-balance="points">
          {formatCount(points)}
        </span>{' '}
        point{points === 1 ? '' : 's'}
      </span>
      <span className={styles.pill}>
        <span className={styles.amount} data-balance="tickets">
          {formatCount(tickets)}
        </span>{' '}
        raffle ticket{tickets === 1 ? '' : 's'}
      </span>
    </div>
  );
}
