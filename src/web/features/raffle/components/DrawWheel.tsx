import { useEffect, useMemo, useState } from 'react';
import type { RaffleWinner } from '../../../../protocol/raffle';
import type { DrawEntry } from '../../../../protocol/raffleDraw';
import type { ReplayStep } from '../model/replay';
import { buildWheel, sliceMiddle, slicePath, spinTo } from '../model/wheel';
import styles from './DrawWheel.module.css';

const R = 200;
const HUB = 70;
const TONES = ['#1d3a33', '#2b5246', '#163029'];
const RUN_TONES = ['#1a2631', '#24333f'];

/**
 * The entries as a wheel of tickets: each pick spins it so the winner's slice stops under the
 * pointer, then that entrant leaves the wheel (a winner wins once). With reduced motion the wheel
 * never turns; the winner's slice lights up instead.
 */
export function DrawWheel({
  entries,
  winners,
  step,
  spinMs,
  youID,
  reducedMotion,
}: {
  entries: readonly DrawEntry[];
  winners: readonly RaffleWinner[];
  step: ReplayStep;
  spinMs: number;
  youID: string | null;
  reducedMotion: boolean;
}) {
  const drawing = step.phase === 'spin' || step.phase === 'landed';
  const pick = drawing ? step.pick : 0;
  const removed = useMemo(
    () => new Set(winners.slice(0, Math.max(0, pick - 1)).map((w) => w.sEntrantID)),
    [winners, pick],
  );
  const keep = useMemo(
    () => new Set([...winners.map((w) => w.sEntrantID), ...(youID ? [youID] : [])]),
    [winners, youID],
  );
  const slices = useMemo(() => buildWheel(entries, { removed, keep }), [entries, removed, keep]);
  const current = drawing ? winners[pick - 1] : undefined;
  const revealed = new Set(
    step.phase === 'done'
      ? winners.map((w) => w.sEntrantID)
      : step.phase === 'landed' && current
        ? [current.sEntrantID]
        : [],
  );

  const [rotation, setRotation] = useState(0);
  useEffect(() => {
    if (step.phase !== 'spin' || !current || reducedMotion) return;
    const target = sliceMiddle(slices, current.sEntrantID);
    if (target !== null) setRotation((r) => spinTo(r, target, 4));
  }, [step, current, slices, reducedMotion]);

  const tickets = entries.reduce((sum, entry) => sum + entry.iTickets, 0);
  const hub =
    step.phase === 'spin'
      ? { big: `Pick ${step.pick}`, small: 'drawing…' }
      : step.phase === 'landed' && current
        ? { big: `#${current.iPick}`, small: current.sUserName }
        : step.phase === 'done'
          ? { big: String(winners.length), small: winners.length === 1 ? 'winner' : 'winners' }
          : { big: String(tickets), small: tickets === 1 ? 'ticket' : 'tickets' };

  return (
    <div className={styles.wheel}>
      <svg
        viewBox={`-10 -24 ${2 * R + 20} ${2 * R + 34}`}
        role="img"
        aria-label={`Draw wheel: ${entries.length} entrants holding ${tickets} tickets`}
      >
        <g
          style={{
            transform: `rotate(${rotation}deg)`,
            transformOrigin: `${R}px ${R}px`,
            transition:
              step.phase === 'spin' && !reducedMotion
                ? `transform ${Math.round(spinMs * 0.9)}ms cubic-bezier(0.12, 0.8, 0.2, 1)`
                : 'none',
          }}
        >
          {slices.map((slice, index) => {
            const winner = slice.sEntrantID !== null && revealed.has(slice.sEntrantID);
            const you = slice.sEntrantID !== null && slice.sEntrantID === youID;
            const fill = winner ? '#d9a94a' : slice.count > 1 ? RUN_TONES[index % 2] : TONES[index % 3];
            return (
              <path
                key={slice.key}
                d={slicePath(slice, R, HUB)}
                fill={fill}
                stroke={you ? '#4fd1a5' : '#0b1014'}
                strokeWidth={you ? 3 : slices.length > 120 ? 0.3 : 1}
                className={winner ? styles.won : undefined}
              />
            );
          })}
        </g>
        <circle cx={R} cy={R} r={HUB - 4} className={styles.hub} />
        <text x={R} y={R - 4} textAnchor="middle" className={styles.hubBig}>
          {hub.big}
        </text>
        <text x={R} y={R + 20} textAnchor="middle" className={styles.hubSmall}>
          {hub.small.length > 14 ? `${hub.small.slice(0, 13)}…` : hub.small}
        </text>
        <path d={`M ${R - 14} -20 L ${R + 14} -20 L ${R} 8 Z`} className={styles.pointer} />
      </svg>
      <p className={styles.legend}>
        <span className={styles.swatchYou} aria-hidden="true" /> your entry
        <span className={styles.swatchWon} aria-hidden="true" /> a winner
      </p>
    </div>
  );
}
