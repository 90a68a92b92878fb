import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { GAME_IDS } from '../../../../protocol/games';
import { useAuth } from '../../../lib/auth';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { useGames } from '../api/games';
import { GameList } from '../components/GameList';
import { GuestInvite } from '../components/GuestInvite';
import { Leaderboard } from '../components/Leaderboard';
import styles from './GamesScreen.module.css';

// The game itself (simulation, renderer, sound) loads only when someone plays.
const MonsterBreakerPlay = lazy(() => import('../components/MonsterBreakerPlay'));

/** /games (docs/product.md §15): the game service's games and the week's leaderboard; ?play=m1 plays Monster Breaker. */
export default function GamesScreen() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const signedIn = auth.status === 'signedIn';
  const games = useGames();
  const playing = params.get('play') === GAME_IDS.monsterBreaker;

  if (playing) {
    return (
      <Suspense fallback={<Loading label="Waking the monsters…" />}>
        <MonsterBreakerPlay />
      </Suspense>
    );
  }

  // The page shows whole, once the games (and who is looking) are known: the leaderboard never moves down.
  if (games.isPending || auth.status === 'loading') return <Loading label="Opening the games cabinet…" />;

  return (
    <section>
      <PageHeader
        title="Games"
        subtitle="Play right here in your browser. Every win is replayed on our server, so the leaderboard is honest."
      />
      {auth.status === 'signedOut' && <GuestInvite />}
      <section aria-labelledby="library" className={styles.section}>
        <h2 id="library" className="visually-hidden">
          The games
        </h2>
        <GameList signedIn={signedIn} />
      </section>
      <section aria-labelledby="leaderboard" className={styles.section}>
        <h2 id="leaderboard">This week’s Monster Breakers</h2>
        <p className="muted">The best verified win of each member this week. A new week starts every Monday.</p>
        <Leaderboard />
      </section>
    </section>
  );
}
