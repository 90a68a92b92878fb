import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import styles from './GuestInvite.module.css';

/** Tells a signed-out player what a guest's win is worth, and how to keep it (docs/product.md §10). */
export function GuestInvite({ won = false }: { won?: boolean }) {
  return (
    <aside className={styles.invite} aria-label="Playing as a guest">
      {won ? (
        <p>
          <strong>Your win is waiting.</strong> Register now to keep it: your score joins the weekly leaderboard and the
          free Agent for beating the M1 Demo becomes yours.
        </p>
      ) : (
        <p>
          <strong>You are playing as a guest.</strong> Beat the M1 Demo, then register to keep your win and claim a free
          Agent. This browser remembers your guest player.
        </p>
      )}
      <p className={styles.actions}>
        <Link to={ROUTES.register} className={styles.register}>
          Register and keep {won ? 'my win' : 'my wins'}
        </Link>
        {!won && (
          <span className="muted">
            Already a member? <Link to={ROUTES.login}>Log in</Link>
          </span>
        )}
      </p>
    </aside>
  );
}
