import { RotateCcw, ShieldCheck, Sparkles, Trophy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/Loading';
import { formatScore, playTime } from '../model/format';
import type { RunView } from '../model/useMonsterBreakerRun';
import { GuestInvite } from './GuestInvite';
import styles from './RunPanel.module.css';

/** The heading of an outcome takes focus, so it is announced and scrolled into view (the panel is below the game on phones). */
function Outcome({
  title,
  tone,
  children,
}: {
  title: string;
  tone: 'win' | 'loss' | 'refused';
  children: React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`${styles.outcome} ${styles[tone]}`} aria-live="polite">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the server says about the run in play: its progress, then its verified result. */
export function RunPanel({
  view,
  signedIn,
  onPlayAgain,
  onLeave,
}: {
  view: RunView;
  signedIn: boolean;
  onPlayAgain(): void;
  onLeave(): void;
}) {
  switch (view.phase) {
    case 'starting':
      return null;
    case 'playing':
      return (
        <div className={styles.status}>
          <p className={styles.verified}>
            <ShieldCheck size={18} aria-hidden="true" /> Verified by the server up to{' '}
            <span className="tabular">{playTime(view.iVerifiedTick)}</span>
          </p>
          <p className="muted">
            Run {view.run.iRunID}. Every two seconds of play go to the server, which replays them: only a replayed win
            counts.
          </p>
          <Button variant="secondary" onClick={onLeave}>
            Leave this run
          </Button>
        </div>
      );
    case 'confirming':
      return <Loading label="The server is replaying your run…" />;
    case 'refused':
      return (
        <Outcome title="This run was refused" tone="refused">
          <p>{errorMessage(view.failure.iErrorCode || null)}</p>
          <p className="muted">Only runs the server can replay count. Start a fresh one and play it through.</p>
          <Actions onPlayAgain={onPlayAgain} />
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome title="The game could not start" tone="refused">
          <p>{view.sMessage ?? errorMessage(view.iErrorCode)}</p>
          <Actions onPlayAgain={onPlayAgain} again="Try again" />
        </Outcome>
      );
    case 'done': {
      const { result } = view;
      if (result.sStatus !== 'won') {
        return (
          <Outcome title="The deep consumed you" tone="loss">
            <p>
              Score <span className="tabular">{formatScore(result.iScore)}</span> after{' '}
              <span className="tabular">{playTime(result.iTicks)}</span>. Only a win counts for the leaderboard.
            </p>
            <Actions onPlayAgain={onPlayAgain} />
          </Outcome>
        );
      }
      return (
        <Outcome title="Victory, verified" tone="win">
          <p className={styles.score}>
            <Trophy size={22} aria-hidden="true" /> <span className="tabular">{formatScore(result.iScore)}</span>
          </p>
          <ul className={styles.facts}>
            <li>
              The server replayed all <span className="tabular">{playTime(result.iTicks)}</span> of your run.
            </li>
            {result.bNewBest && <li className={styles.best}>A new personal best!</li>}
            {result.iRank > 0 && <li>Number {result.iRank} on this week’s leaderboard.</li>}
            {result.bAgentGranted && (
              <li className={styles.agent}>
                <Sparkles size={16} aria-hidden="true" /> You earned a free Agent for beating the M1 Demo.
              </li>
            )}
          </ul>
          {result.bGuest && !signedIn && <GuestInvite won />}
          <Actions onPlayAgain={onPlayAgain} />
        </Outcome>
      );
    }
  }
}

function Actions({ onPlayAgain, again = 'Play again' }: { onPlayAgain(): void; again?: string }) {
  return (
    <div className={styles.actions}>
      <Button onClick={onPlayAgain}>
        <RotateCcw size={16} aria-hidden="true" /> {again}
      </Button>
      <Link to={ROUTES.games}>All games</Link>
    </div>
  );
}
