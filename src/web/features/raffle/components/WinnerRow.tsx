import { prizeOf, type RaffleSummary, type RaffleWinner } from '../../../../protocol/raffle';
import styles from './WinnerRow.module.css';

/** One drawn pick: its number, the winner (marked when it is you) and the prize. */
export function WinnerRow({ raffle, winner }: { raffle: Pick<RaffleSummary, 'aPrizes'>; winner: RaffleWinner }) {
  return (
    <li className={`${styles.row} ${winner.bYou ? styles.you : ''}`}>
      <span className={`${styles.pick} tabular`}>#{winner.iPick}</span>
      <span className={styles.user}>{winner.sUserName}</span>
      {winner.bYou && <span className={styles.badge}>You</span>}
      <span className={styles.prize}>{prizeOf(raffle, winner.sPrizeID)?.sName ?? winner.sPrizeID}</span>
    </li>
  );
}
