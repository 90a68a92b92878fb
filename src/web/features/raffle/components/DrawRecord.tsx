import type { RaffleDetail } from '../../../../protocol/raffle';
import type { ReplayStep } from '../model/replay';
import styles from './DrawRecord.module.css';
import { WinnerRow } from './WinnerRow';

const phaseAt = (step: ReplayStep) => ['entries', 'seed', 'spin', 'landed', 'done'].indexOf(step.phase);

/**
 * What the draw published, revealed in the order of the replay: the commitment and the root, then
 * the seed, then each winner as the wheel stops.
 */
export function DrawRecord({ raffle, step, entrants }: { raffle: RaffleDetail; step: ReplayStep; entrants: number }) {
  const seedShown = phaseAt(step) >= 1;
  const shownPicks =
    step.phase === 'done' ? raffle.aWinners.length : step.phase === 'landed' ? step.pick : Math.max(0, step.pick - 1);
  return (
    <div className={styles.record}>
      {/* The steps are h3s under the page's h1: this keeps the outline in order (axe: heading-order). */}
      <h2 className="visually-hidden">The draw, step by step</h2>
      <ol className={styles.stages}>
        <li className={styles.stage} data-active={step.phase === 'entries' || undefined}>
          <h3>1. The entries</h3>
          <p className="muted">
            {entrants} member{entrants === 1 ? '' : 's'} with {raffle.iTicketTotal} ticket
            {raffle.iTicketTotal === 1 ? '' : 's'}, frozen at close. Merkle root:
          </p>
          <code className={styles.hash}>{raffle.sRoot}</code>
        </li>
        <li className={styles.stage} data-active={step.phase === 'seed' || undefined}>
          <h3>2. The seed</h3>
          <p className="muted">Committed at opening as sha256(seed):</p>
          <code className={styles.hash}>{raffle.sCommitment}</code>
          <p className="muted">Revealed at the draw:</p>
          {seedShown ? (
            <code className={`${styles.hash} ${styles.seed}`} data-testid="revealed-seed">
              {raffle.sSeed}
            </code>
          ) : (
            <code className={styles.hash}>{'•'.repeat(64)}</code>
          )}
          {raffle.pBeacon && (
            <p className="muted">
              Mixed with drand quicknet round {raffle.pBeacon.iRound}:{' '}
              <code className={styles.hash}>{raffle.pBeacon.sRandomness}</code>
            </p>
          )}
        </li>
        <li className={styles.stage} data-active={step.phase === 'spin' || step.phase === 'landed' || undefined}>
          <h3>3. The picks</h3>
          {raffle.aWinners.length === 0 ? (
            <p className="muted">No one entered, so no prize was drawn.</p>
          ) : (
            <ol className={styles.picks} aria-live="polite" aria-label="Winners so far">
              {raffle.aWinners.slice(0, shownPicks).map((winner) => (
                <WinnerRow key={winner.iPick} raffle={raffle} winner={winner} />
              ))}
              {shownPicks < raffle.aWinners.length && (
                <li className={styles.waiting}>
                  {step.phase === 'spin'
                    ? `Drawing pick ${step.pick}…`
                    : `${raffle.aWinners.length - shownPicks} to draw`}
                </li>
              )}
            </ol>
          )}
        </li>
      </ol>
    </div>
  );
}
