import type { ConnectionStatus } from '../model/state';
import { waitLabel } from '../model/time';
import styles from './ConnectionBadge.module.css';

/** Whether chat is live, and when it tries again after losing the connection. */
export function ConnectionBadge({
  status,
  retryAt,
  now,
  onRetry,
}: {
  status: ConnectionStatus;
  retryAt: number | null;
  now: number;
  onRetry(): void;
}) {
  const label =
    status === 'online'
      ? 'Live'
      : status === 'connecting'
        ? 'Connecting…'
        : status === 'refused'
          ? 'Offline'
          : retryAt !== null && retryAt > now
            ? `Reconnecting in ${waitLabel(retryAt - now)}`
            : 'Reconnecting…';
  return (
    <div className={styles.badge} data-status={status} role="status" aria-live="polite">
      <span className={styles.dot} aria-hidden="true" />
      <span>{label}</span>
      {status === 'reconnecting' && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Retry now
        </button>
      )}
    </div>
  );
}
