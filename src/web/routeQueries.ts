import { ROUTES } from '../protocol/routes';
import { homePageLoad } from './features/home/pageLoad';
import { type MemberPageLoad, type RouteQuery, startMemberPage } from './lib/pageLoad';
import { STORAGE, session } from './lib/storage';

/** What a route's screen asks for with a member's page load, as its feature declares it (lib/pageLoad). */
const ROUTE_QUERIES: Readonly<Record<string, readonly RouteQuery[]>> = {
  [ROUTES.home]: homePageLoad,
};

/** Sends a signed-in page load's requests for the page at `pathname` (once per page). */
export const startMemberPageAt = (pathname: string, token: string): MemberPageLoad =>
  startMemberPage(token, ROUTE_QUERIES[pathname] ?? []);

// A member's prerendered document (lib/shell.ts) loads this module before the app: its page starts
// here if this tab holds a session.
if (typeof document !== 'undefined' && document.getElementById?.('root')?.dataset.shell === 'member') {
  const token = session.get(STORAGE.token);
  if (token) startMemberPageAt(window.location.pathname, token);
}
