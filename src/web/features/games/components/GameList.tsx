import { Check, Play } from 'lucide-react';
import { Link } from 'react-router';
import type { GameSummary } from '../../../../protocol/games';
import { Card } from '../../../ui/Card';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { useGames } from '../api/games';
import { formatScore } from '../model/format';
import { GameArt } from './GameArt';
import styles from './GameList.module.css';

function Standing({ game, signedIn }: { game: GameSummary; signedIn: boolean }) {
  if (!signedIn) return null;
  if (game.sGameID === 'cursebreaker') {
    return game.bCompleted ? (
      <p className={styles.done}>
        <Check size={16} aria-hidden="true" /> Broken this week
      </p>
    ) : (
      <p className={styles.standing}>Not broken yet this week</p>
    );
  }
  return game.iBestScore > 0 ? (
    <p className={styles.standing}>
      Your best: <span className={`${styles.best} tabular`}>{formatScore(game.iBestScore)}</span>
    </p>
  ) : (
    <p className={styles.standing}>Your best: not beaten yet</p>
  );
}

/** The game service's games, each with a play button and the member's standing (docs/product.md §15). */
export function GameList({ signedIn }: { signedIn: boolean }) {
  const games = useGames();
  if (games.isPending) return <Loading label="Opening the games cabinet…" />;
  if (games.isError) return <Notice tone="warning">The games could not be loaded. Please try again later.</Notice>;
  return (
    <ul className={styles.list}>
      {games.data.aGames.map((game) => (
        <li key={game.sGameID}>
          <Card interactive className={styles.card}>
            <div className={styles.art}>
              <GameArt game={game.sGameID} />
            </div>
            <div className={styles.body}>
              <h3>{game.sName}</h3>
              <p className="muted">{game.sDescription}</p>
              <div className={styles.foot}>
                <Standing game={game} signedIn={signedIn} />
                <Link to={game.sPath} className={styles.play} aria-label={`Play ${game.sName}`}>
                  <Play size={18} aria-hidden="true" /> Play
                </Link>
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
