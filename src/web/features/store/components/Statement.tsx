import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import type { StatementEntry } from '../../../../protocol/store';
import { Button } from '../../../ui/Button';
import { formatCount } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { usePointsStatement } from '../api/store';
import { formatTime } from '../model/labels';
import styles from './Statement.module.css';

function Change({ entry }: { entry: StatementEntry }) {
  if (entry.sAsset === 'item') {
    return entry.sItemID ? (
      <Link to={`${ROUTES.item}?sItemID=${encodeURIComponent(entry.sItemID)}`}>
        {entry.sItemName ?? 'A collectible'}
      </Link>
    ) : (
      <span>{entry.sItemName ?? 'A collectible'}</span>
    );
  }
  const unit = entry.sAsset === 'points' ? 'point' : 'ticket';
  const sign = entry.iAmount > 0 ? '+' : '−';
  return (
    <span className={entry.iAmount > 0 ? styles.credit : styles.debit}>
      {sign}
      {formatCount(Math.abs(entry.iAmount))} {unit}
      {Math.abs(entry.iAmount) === 1 ? '' : 's'}
    </span>
  );
}

/**
 * The points statement: every movement of the member's ledger, newest first, with why it happened
 * and the balances right after it; older movements load on demand.
 */
export function Statement() {
  const statement = usePointsStatement();
  if (statement.isPending) return <Loading />;
  if (statement.isError) return <Notice tone="danger">Your statement could not be loaded. Please try again.</Notice>;
  const entries = statement.data.pages.flatMap((page) => page.aEntries);
  if (entries.length === 0) return <p className="muted">No movements yet. Log in daily to earn points.</p>;
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">Your points statement, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Change</th>
            <th scope="col">Points after</th>
            <th scope="col">Tickets after</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.iEntryID} data-entry={entry.iEntryID}>
              <td data-label="When">
                <time dateTime={new Date(entry.iTime).toISOString()}>{formatTime(entry.iTime)}</time>
              </td>
              <td data-label="What">{entry.sReason}</td>
              <td data-label="Change">
                <Change entry={entry} />
              </td>
              <td data-label="Points after" className={styles.balance}>
                {formatCount(entry.iPointsAfter)}
              </td>
              <td data-label="Tickets after" className={styles.balance}>
                {formatCount(entry.iTicketsAfter)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {statement.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => statement.fetchNextPage()} busy={statement.isFetchingNextPage}>
            Show older movements
          </Button>
        </div>
      )}
    </>
  );
}
