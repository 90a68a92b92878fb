import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { roleMay } from '../../protocol/console';
import { errorMessage } from '../../protocol/errors';
import { CONSOLE_ROUTES } from '../../protocol/routes';
import { consoleToken, onConsoleSessionGone } from '../api/console';
import { signOutOfConsole } from '../features/operators/console/api';
import type { ConsoleSignInState } from '../features/operators/console/operator';
import { consoleTitle, useOperator } from '../lib/console';
import { BrandMark } from '../ui/BrandMark';
import { TimeZoneToggle } from '../ui/ConsoleTime';
import { Loading } from '../ui/Loading';
import { useTimeZoneChoice } from '../ui/timeZone';
import styles from './ConsoleLayout.module.css';

/** The console's own query cache: nothing of it is persisted, nothing of the member's is shared. */
const consoleQueries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });

/** Screens an operator without a console session may open. */
const OPEN: readonly string[] = [CONSOLE_ROUTES.signIn, CONSOLE_ROUTES.welcome];

/**
 * The operators' console (issue 27, decision 0178): its own chrome and cache. Screens other than
 * sign-in and welcome need a console session; when the server says it is gone (timed out, signed
 * out elsewhere, role removed) the operator lands on sign-in with the reason.
 */
export default function ConsoleLayout() {
  const { pathname, search } = useLocation();
  const open = OPEN.includes(pathname);
  const zone = useTimeZoneChoice();
  // The default title first, on every screen change; a screen's own (a passive effect, later) wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new path
  useLayoutEffect(() => {
    document.title = consoleTitle();
  }, [pathname]);
  // Why the session ended (the server's refusal), shown on sign-in. The redirect itself is the
  // render's (no token left): one navigation, whichever re-render comes first.
  const [goneNotice, setGoneNotice] = useState<string | null>(null);
  useEffect(
    () =>
      onConsoleSessionGone((code) => {
        consoleQueries.clear();
        setGoneNotice(errorMessage(code));
      }),
    [],
  );
  useEffect(() => {
    if (!open && consoleToken.get()) setGoneNotice(null);
  }, [open]);
  if (!open && !consoleToken.get()) {
    const state: ConsoleSignInState = { from: pathname + search, notice: goneNotice ?? undefined };
    return <Navigate to={CONSOLE_ROUTES.signIn} replace state={state} />;
  }
  return (
    <QueryClientProvider client={consoleQueries}>
      <div className={styles.shell}>
        <a href="#console-main" className={styles.skip}>
          Skip to main content
        </a>
        {open ? (
          <header className={styles.header}>
            <span className={styles.brand}>
              <BrandMark size={24} /> Console
            </span>
          </header>
        ) : (
          <ConsoleHeader />
        )}
        <main id="console-main" tabIndex={-1} className={open ? styles.narrow : styles.main}>
          <Suspense fallback={<Loading />}>
            {/* Every time on a screen names its zone; switching zones shows the screen again in the other. */}
            <Outlet key={zone} />
          </Suspense>
        </main>
      </div>
    </QueryClientProvider>
  );
}

function ConsoleHeader() {
  const { data: operator } = useOperator();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const links = [
    { to: CONSOLE_ROUTES.overview, label: 'Overview' },
    { to: CONSOLE_ROUTES.members, label: 'Members' },
    { to: CONSOLE_ROUTES.moderation, label: 'Moderation' },
    { to: CONSOLE_ROUTES.trades, label: 'Trades' },
    { to: CONSOLE_ROUTES.live, label: 'Live ops' },
    { to: CONSOLE_ROUTES.announcements, label: 'Announcements' },
    { to: CONSOLE_ROUTES.status, label: 'Status' },
    { to: CONSOLE_ROUTES.audit, label: 'Audit log' },
    ...(operator && roleMay(operator.sRole, 'operator:manage')
      ? [{ to: CONSOLE_ROUTES.operators, label: 'Operators' }]
      : []),
  ];

  async function signOut() {
    setLeaving(true);
    await signOutOfConsole();
    consoleToken.clear();
    const state: ConsoleSignInState = { notice: 'You signed out of the console.' };
    await navigate(CONSOLE_ROUTES.signIn, { replace: true, state });
    // Once this header is gone: cleared earlier, its whoami would ask again without a token.
    queries.clear();
  }

  return (
    <header className={styles.header}>
      <NavLink to={CONSOLE_ROUTES.overview} className={styles.brand}>
        <BrandMark size={24} /> Console
      </NavLink>
      <nav aria-label="Console" className={styles.nav}>
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} className={styles.link}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.who}>
        <TimeZoneToggle />
        {operator && (
          // The operator's own account (issue 38): password, backup codes, sessions.
          <NavLink to={CONSOLE_ROUTES.account} className={styles.operator} title="Your account">
            <span className="visually-hidden">Your account: </span>
            <span className={styles.email}>{operator.sEmail}</span>
            <span className={styles.role}>{operator.sRole}</span>
          </NavLink>
        )}
        <button type="button" className={styles.signOut} onClick={signOut} disabled={leaving}>
          <LogOut size={16} aria-hidden="true" /> Sign out
        </button>
      </div>
    </header>
  );
}
