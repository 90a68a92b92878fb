import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { Loading } from '../../../ui/Loading';
import { useMonsterBreakerRun } from '../model/useMonsterBreakerRun';
import { MonsterBreakerCanvas } from './MonsterBreakerCanvas';
import styles from './MonsterBreakerPlay.module.css';
import { RunPanel } from './RunPanel';

/**
 * Monster Breaker M1 in the page (/games?play=m1): the canvas plays the server's seed under the
 * run's rules and hands over its input chunks; the panel shows what the server has verified.
 * `?autopilot` lets the built-in bot play at the server's accepted speed, which only test servers
 * raise above real time (production runs are always played by hand).
 */
export default function MonsterBreakerPlay() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const { view, onChunk, onEnd, quit } = useMonsterBreakerRun(attempt);
  const run = 'run' in view ? view.run : null;
  const autopilot = params.has('autopilot') && (run?.iSpeedLimit ?? 1) > 1;

  const leave = () => {
    void quit().finally(() => navigate(ROUTES.games));
  };

  return (
    <section className={styles.play} aria-labelledby="play-title">
      <header className={styles.header}>
        <h1 id="play-title">Monster Breaker: M1 Demo</h1>
        <Link to={ROUTES.games} className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> All games
        </Link>
      </header>
      <div className={styles.stage}>
        <div className={styles.field}>
          {run ? (
            <MonsterBreakerCanvas
              key={run.iRunID}
              seed={run.iSeed}
              config={run.pConfig}
              onChunk={onChunk}
              onEnd={onEnd}
              autopilot={autopilot}
              speed={autopilot ? run.iSpeedLimit : 1}
              paused={view.phase === 'refused'}
            />
          ) : view.phase === 'failed' ? null : (
            <Loading label="Drawing a seed from the deep…" />
          )}
        </div>
        <div className={styles.panel}>
          <RunPanel
            view={view}
            signedIn={auth.status === 'signedIn'}
            onPlayAgain={() => setAttempt((n) => n + 1)}
            onLeave={leave}
          />
          <section className={styles.help} aria-labelledby="controls">
            <h2 id="controls">Controls</h2>
            <ul>
              <li>
                <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> move the paddle; the mouse or a finger drags it.
              </li>
              <li>
                <kbd>Space</kbd>, a click or a tap launches the ball.
              </li>
              <li>
                <kbd>P</kbd> or <kbd>Esc</kbd> pauses. Catch what the monsters drop: wider paddle, more balls, slow
                time, a ward, a life.
              </li>
            </ul>
          </section>
        </div>
      </div>
    </section>
  );
}
