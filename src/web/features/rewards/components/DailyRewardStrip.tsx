import { useEffect, useRef } from 'react';
import { type DailyRewardDay, nextRewardDayStart } from '../../../../protocol/rewards';
import { useNow } from '../../../lib/useNow';
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
  const ref = useRef<HTMLOListElement>(null);
  // A phone shows the seven days as a row that scrolls: it opens on today, and the keyboard can scroll it.
  // Measured when the browser lays the strip out (a ResizeObserver), not in a layout effect: reading
  // scrollWidth during React's commit forced a layout of the whole dashboard inside that task
  // (75–120 ms of /home's cold load under 4× CPU).
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when today moves
  useEffect(() => {
    const strip = ref.current;
    if (!strip || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const scrolls = strip.scrollWidth > strip.clientWidth + 1;
      if (scrolls) strip.tabIndex = 0;
      else strip.removeAttribute('tabindex');
      const current = strip.querySelector<HTMLElement>('[data-state="today"]');
      if (scrolls && current) strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, [today]);
  return (
    <>
      <ol ref={ref} className={styles.strip} aria-label="Daily login rewards">
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
              <span className={styles.label}>
                Day {day}
                {state === 'done' && (
                  <span className={styles.check}>
                    <span aria-hidden="true">✓</span>
                    <span className="visually-hidden">{' claimed'}</span>
                  </span>
                )}
              </span>
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
      <p className={styles.hint} aria-hidden="true">
        Swipe sideways for all 7 days
      </p>
    </>
  );
}

const MINUTE = 60_000;

/** "5 h 12 min", "12 min", "under a minute". */
export function countdownText(ms: number): string {
  const minutes = Math.ceil(ms / MINUTE);
  if (ms <= 0) return 'now — reload to claim it';
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}

/** Under the strip: when the next reward comes, and (in the first week) why the amounts are lower. */
export function DailyRewardInfo({
  offsetMinutes,
  firstCycle,
  hasReducedDays,
}: {
  offsetMinutes: number;
  firstCycle: boolean;
  hasReducedDays: boolean;
}) {
  const now = useNow(30_000);
  const left = nextRewardDayStart(now, offsetMinutes) - now;
  return (
    <div className={styles.info}>
      <p className={styles.countdown} data-testid="daily-countdown">
        Next reward in <strong className="tabular">{countdownText(left)}</strong>
      </p>
      {firstCycle && hasReducedDays && (
        <p className={styles.explain}>
          First week: each day pays the smaller amount; from your second week on, every day pays the full (struck
          through) amount.
        </p>
      )}
    </div>
  );
}
