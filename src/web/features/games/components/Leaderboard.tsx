import { Crown } from 'lucide-react';
import type { LeaderboardEntry } from '../../../../protocol/games';
import { mediaUrl } from '../../../api/media';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { useLeaderboard } from '../api/games';
import { formatScore, timeLeft, weekLabel } from '../model/format';
import styles from './Leaderboard.module.css';

function Row({ entry, apart = false }: { entry: LeaderboardEntry; apart?: boolean }) {
  const className = [entry.bYou && styles.you, apart && styles.apart].filter(Boolean).join(' ') || undefined;
  return (
    <tr className={className} aria-current={entry.bYou ? 'true' : undefined}>
      <td className={styles.rank}>
        {entry.iRank === 1 ? (
          <Crown size={16} aria-label="First" />
        ) : entry.bRankEstimated ? (
          <span className="tabular" title="An estimate: places this far down are not counted one by one">
            ~{entry.iRank.toLocaleString('en-US')}
          </span>
        ) : (
          <span className="tabular">{entry.iRank}</span>
        )}
      </td>
      <td className={styles.name}>
        {entry.sAvatar ? (
          <img className={styles.avatar} src={mediaUrl(entry.sAvatar)} alt="" width={24} height={24} loading="lazy" />
        ) : null}
        {entry.sUserName}
        {entry.bYou && <span className={styles.youTag}> (you)</span>}
      </td>
      <td className={`${styles.score} tabular`}>{formatScore(entry.iScore)}</td>
    </tr>
  );
}

/** This week's Monster Breaker leaderboard: verified wins only (docs/product.md §15). */
export function Leaderboard() {
  const board = useLeaderboard();
  if (board.isPending) return <Loading label="Counting the week’s wins…" />;
  if (board.isError)
    return <Notice tone="warning">The leaderboard could not be loaded. Please try again later.</Notice>;
  const { sWeek, iWeekEndsAt, aEntries, pYou } = board.data;
  return (
    <div className={styles.board}>
      <p className={styles.week}>
        {weekLabel(sWeek)} · <span className="tabular">{timeLeft(iWeekEndsAt, Date.now())}</span>
      </p>
      {aEntries.length === 0 ? (
        <p className="muted">No verified wins this week yet. Be the first to put the Old One back to sleep.</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">Best verified wins of {weekLabel(sWeek)}</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Member</th>
              <th scope="col" className={styles.score}>
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {aEntries.map((entry) => (
              <Row key={entry.iRank} entry={entry} />
            ))}
            {pYou && <Row entry={pYou} apart />}
          </tbody>
        </table>
      )}
    </div>
  );
}
