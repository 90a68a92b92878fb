/**
 * Build time only (scripts/prerender.ts): renders a screen's first paint to HTML with the app's own
 * routes, layouts and screens, in the state the browser starts from, so that main.tsx can hydrate
 * it. Never part of the browser bundle.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FLAG_DEFAULTS } from '../protocol/flags';
import { queryClient } from './api/queryClient';
import { acceptSession, dropSession } from './lib/auth';
import { SHELLS, type ShellSession } from './lib/shell';
import { appRoutes } from './router';

export { titleForPath } from './lib/pageTitle';
export { SHELLS };

/** A signed-in member as the app knows them before their data has arrived. */
const MEMBER = { id: '', email: '', emailVerified: true, name: '' };

export async function renderShell(path: string, session: ShellSession): Promise<string> {
  if (session === 'member') acceptSession('prerender', MEMBER);
  else dropSession();
  queryClient.clear();
  // The flags the browser starts from on a first visit (FlagsContext's default); an operator's other
  // choice is hydrated over.
  const { query, dataRoutes } = createStaticHandler(appRoutes(FLAG_DEFAULTS));
  const context = await query(new Request(`http://portal.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a screen`);
  if (context.errors) throw new Error(`${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(dataRoutes, context);
  // prerender waits for every lazy part (navbar, footer), so the shell holds all of it.
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
