import { useNow } from '../../../lib/useNow';
import { formatCountdown, formatRaffleTime } from '../model/countdown';
import styles from './Countdown.module.css';

/** A live countdown to `until`, with the moment itself in words (UTC). */
export function Countdown({ until, label }: { until: number; label: string }) {
  const now = useNow();
  const left = until - now;
  return (
    <div className={styles.countdown}>
      <span className={styles.label}>{label}</span>
      <time className={`${styles.value} tabular`} dateTime={new Date(until).toISOString()} aria-live="off">
        {formatCountdown(left)}
      </time>
      <span className={styles.when}>{formatRaffleTime(until)}</span>
    </div>
  );
}
