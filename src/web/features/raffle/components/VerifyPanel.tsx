import { CircleCheck, CircleMinus, CircleX, LoaderCircle, ShieldCheck, ShieldX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { RaffleDetail, RaffleProofAnswer } from '../../../../protocol/raffle';
import type { DrawEntry } from '../../../../protocol/raffleDraw';
import { Button } from '../../../ui/Button';
import { allPassed, type VerifyCheck } from '../model/verification';
import { verifyOffThread } from '../model/verifyOffThread';
import styles from './VerifyPanel.module.css';

type Run = { state: 'idle' } | { state: 'running' } | { state: 'done'; checks: VerifyCheck[]; ms: number };

/**
 * Verify, in this browser: the seed against the commitment, your entry against the root, the list
 * against the root, every winner replayed (docs/raffle-draw.md §9). The checks run in one go, in a
 * worker, with the module the server draws with, then show one by one as they pass.
 */
export function VerifyPanel({
  raffle,
  entries,
  proof,
  reducedMotion,
}: {
  raffle: RaffleDetail;
  entries: readonly DrawEntry[];
  proof: RaffleProofAnswer | null;
  reducedMotion: boolean;
}) {
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [shown, setShown] = useState(0);

  const start = useCallback(() => {
    setRun({ state: 'running' });
    setShown(0);
    let current = true;
    void verifyOffThread({ raffle, entries, proof }).then(({ checks, ms }) => {
      if (current) setRun({ state: 'done', checks, ms });
    });
    return () => {
      current = false;
    };
  }, [raffle, entries, proof]);

  useEffect(() => start(), [start]);

  const total = run.state === 'done' ? run.checks.length : 0;
  useEffect(() => {
    if (run.state !== 'done' || shown >= total) return;
    const timer = setTimeout(() => setShown((n) => n + 1), reducedMotion ? 0 : 420);
    return () => clearTimeout(timer);
  }, [run, shown, total, reducedMotion]);

  const finished = run.state === 'done' && shown >= total;
  const passed = run.state === 'done' && allPassed(run.checks);

  return (
    <section className={styles.panel} aria-labelledby="verify-title">
      <header className={styles.header}>
        <h2 id="verify-title">Verify</h2>
        <Button variant="secondary" onClick={start} disabled={run.state === 'running' || !finished}>
          Check again
        </Button>
      </header>
      <p className="muted">
        Your browser recomputes the draw from the published data with the same code the server drew with. Nothing here
        trusts the server's word for the winners.
      </p>
      <ul className={styles.checks} aria-live="polite">
        {run.state === 'done'
          ? run.checks.map((check, index) => <CheckRow key={check.id} check={check} visible={index < shown} />)
          : null}
      </ul>
      {run.state !== 'done' && (
        <p className={styles.running} role="status">
          <LoaderCircle size={18} className={styles.spin} aria-hidden="true" /> Checking {entries.length} entries…
        </p>
      )}
      {finished && (
        <div className={passed ? styles.verdictPass : styles.verdictFail} role="status" data-testid="verify-verdict">
          {passed ? (
            <ShieldCheck size={26} className={styles.verdictIcon} aria-hidden="true" />
          ) : (
            <ShieldX size={26} className={styles.verdictIcon} aria-hidden="true" />
          )}
          <div>
            <strong>{passed ? 'Verified in your browser' : 'This draw does not verify'}</strong>
            <span>
              {passed
                ? `The seed, the entries and all ${raffle.aWinners.length} winners match what was published.`
                : `${failedLine(run.checks.filter((c) => !c.bPassed).length)}: what was published does not add up.`}{' '}
              ({entries.length} entries checked in {Math.max(1, Math.round(run.ms))} ms.)
            </span>
          </div>
        </div>
      )}
    </section>
  );
}

const failedLine = (count: number) => `${count} check${count === 1 ? '' : 's'} failed`;

function CheckRow({ check, visible }: { check: VerifyCheck; visible: boolean }) {
  const state = !visible ? 'pending' : !check.bApplies ? 'skipped' : check.bPassed ? 'passed' : 'failed';
  const Icon = { pending: LoaderCircle, skipped: CircleMinus, passed: CircleCheck, failed: CircleX }[state];
  const words = { pending: 'checking', skipped: 'not applicable', passed: 'passed', failed: 'failed' }[state];
  return (
    <li className={styles.check} data-state={state} data-check={check.id}>
      <Icon size={22} className={state === 'pending' ? styles.spin : undefined} aria-hidden="true" />
      <div>
        <span className={styles.label}>{check.label}</span>
        <span className="visually-hidden">: {words}</span>
        {visible && <span className={styles.detail}>{check.sDetail}</span>}
      </div>
    </li>
  );
}
