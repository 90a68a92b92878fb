import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { CONSOLE_ROUTES } from '../../protocol/routes';
import { consoleToken } from '../api/console';
import { Loading } from '../ui/Loading';

/** The console's own query cache: nothing of it is persisted, nothing of the member's is shared. */
const consoleQueries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } });

/** Screens an operator without a console session may open. */
const OPEN: readonly string[] = [CONSOLE_ROUTES.signIn, CONSOLE_ROUTES.welcome];

/** Skeleton of the operators' console layout (issue 27): the console-shell helper builds it out. */
export default function ConsoleLayout() {
  const { pathname } = useLocation();
  const open = OPEN.includes(pathname);
  if (!open && !consoleToken.get()) return <Navigate to={CONSOLE_ROUTES.signIn} replace />;
  return (
    <QueryClientProvider client={consoleQueries}>
      {!open && (
        <nav aria-label="Console">
          <NavLink to={CONSOLE_ROUTES.members}>Members</NavLink>{' '}
          <NavLink to={CONSOLE_ROUTES.moderation}>Moderation</NavLink>{' '}
          <NavLink to={CONSOLE_ROUTES.audit}>Audit log</NavLink>{' '}
          <NavLink to={CONSOLE_ROUTES.operators}>Operators</NavLink>
        </nav>
      )}
      <Suspense fallback={<Loading fullscreen />}>
        <Outlet />
      </Suspense>
    </QueryClientProvider>
  );
}
