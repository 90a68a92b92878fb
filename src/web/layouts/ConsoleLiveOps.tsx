import { NavLink, Outlet } from 'react-router';
import { CONSOLE_ROUTES } from '../../protocol/routes';
import styles from './ConsoleLiveOps.module.css';

const SCREENS = [
  { to: CONSOLE_ROUTES.liveSettings, label: 'Maintenance & flags' },
  { to: CONSOLE_ROUTES.liveGameVars, label: 'Game vars' },
  { to: CONSOLE_ROUTES.liveInvites, label: 'Invites' },
  { to: CONSOLE_ROUTES.liveRaffles, label: 'Raffles' },
  { to: CONSOLE_ROUTES.liveStore, label: 'Store' },
  { to: CONSOLE_ROUTES.liveChat, label: 'Chat' },
  { to: CONSOLE_ROUTES.liveCurse, label: 'Curse-breaker' },
] as const;

/**
 * Live operations (issue 29): one screen per capability's levers, each calling the functions its
 * CLI commands call. Every role sees them (`live:read`); the levers show to roles that may use them.
 */
export default function ConsoleLiveOps() {
  return (
    <div className={styles.live}>
      <nav aria-label="Live operations" className={styles.tabs}>
        {SCREENS.map((screen) => (
          <NavLink key={screen.to} to={screen.to} className={styles.tab}>
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
