import type { DailyRewardDay } from '../../../../protocol/rewards';
import styles from './DailyRewardStrip.module.css';

export interface DailyRewardStripProps {
  /** The normal 7 days (game var aDailyRewards). */
  rewards: DailyRewardDay[];
  /** First-cycle amounts (game var aNewUserDailyRewards), shown with the normal amount struck through. */
  reduced?: DailyRewardDay[];
  firstCycle: boolean;
  /** Today's 1-based day; 0 before any login reward. */
  today: number;
}

/** docs/product.md §9: seven days, today highlighted, earlier days checked, first-cycle points with the normal struck through. */
export function DailyRewardStrip({ rewards, reduced, firstCycle, today }: DailyRewardStripProps) {
  return (
    <ol className={styles.strip} aria-label="Daily login rewards">
      {rewards.map((normal, index) => {
        const day = index + 1;
        const paid = firstCycle && reduced?.[index] ? reduced[index] : normal;
        const state = day < today ? 'done' : day === today ? 'today' : 'later';
        const cut = paid.iPoints !== normal.iPoints;
        return (
          <li
            key={day}
            className={`${styles.day} ${styles[state]}`}
            aria-current={state === 'today' ? 'date' : undefined}
            data-state={state}
          >
            <span className={styles.label}>Day {day}</span>
            {state === 'done' && (
              <span className={styles.check}>
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">claimed</span>
              </span>
            )}
            <span className={`${styles.points} tabular`}>
              {cut && (
                <s className={styles.normal}>
                  <span className="visually-hidden">normally </span>
                  {normal.iPoints}
                </s>
              )}{' '}
              {paid.iPoints}
              <span className={styles.unit}> pts</span>
            </span>
            {paid.iTickets > 0 && (
              <span className={`${styles.tickets} tabular`}>
                +{paid.iTickets} ticket{paid.iTickets > 1 ? 's' : ''}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
