import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { acceptSession, getAuthState, refreshSession, subscribeAuth } from './lib/auth';
import { initDebug } from './lib/debug';
import { FlagsContext, lastKnownFlags, loadFlags } from './lib/flags';
import { documentShell, markShellLive } from './lib/shell';
import { startMemberPageAt } from './routeQueries';
import { createAppRouter, preloadRoute, routerReady } from './router';
import { Loading } from './ui/Loading';
import './styles/index.css';

initDebug(window.location.search);

const container = document.getElementById('root') as HTMLElement;
// The screen prerendered into this document (lib/shell.ts), kept while the app starts if it was
// made for this visitor's session: a member's shell for a tab with a session token, a visitor's without.
const shell = documentShell(container);
const mayHaveSession = getAuthState().token !== null;
let root: Root | null = null;
if (shell === null || (shell === 'member') !== mayHaveSession) {
  // Otherwise the loading screen (index.html shows it already) takes over.
  root = createRoot(container);
  root.render(<Loading fullscreen />);
}

// The session and the flags are needed before the first route decides anything; a member's data
// (and on /home their Agents) is asked for meanwhile, with the token the session check is about,
// unless a member's document asked all of it already (lib/pageLoad: the same requests, read here
// and by the query client, api/queryClient). These few requests go first, then the page's layout
// and screen download while they are answered.
const pageLoad = mayHaveSession ? startMemberPageAt(window.location.pathname, getAuthState().token as string) : null;
// A reload whose member's data the persisted cache holds (lib/pageLoad) starts without waiting for
// any answer: signed in as this tab's session was last confirmed to be, with the flags last seen;
// the session check below confirms it (or signs out, which goes to /login as ever).
const cached = pageLoad?.cached ?? null;
if (cached && pageLoad) acceptSession(pageLoad.token, cached.user);
const checks = Promise.all([loadFlags(pageLoad?.flags), refreshSession(pageLoad?.session)]);
preloadRoute(window.location.pathname, lastKnownFlags());

/**
 * A function, not top-level awaits: the route's lazy parts import from this entry, and cannot run
 * until its module has finished evaluating.
 */
async function start(): Promise<void> {
  const [flags] = cached ? [lastKnownFlags()] : await checks;
  const router = createAppRouter(flags);

  // docs/product.md §2: sign-out or loss of session while signed in goes to /login; cached member data goes with it.
  let wasSignedIn = getAuthState().status === 'signedIn';
  subscribeAuth(() => {
    const signedIn = getAuthState().status === 'signedIn';
    if (wasSignedIn && !signedIn) {
      import('./api/queryClient').then(({ queryClient }) => queryClient.clear());
      router.navigate('/login', { replace: true });
    }
    wasSignedIn = signedIn;
  });

  // The first render shows the route's screen, not an empty page while its parts arrive.
  await routerReady(router);
  const app = (
    <StrictMode>
      <FlagsContext value={flags}>
        <RouterProvider router={router} />
      </FlagsContext>
    </StrictMode>
  );
  // The shell is what this render would show when it was made for this session and the bare path
  // (an invite or referral code changes the screen): React adopts it instead of drawing it again.
  // In a transition, React renders in slices and yields to the browser between them (a click on
  // the shell is answered meanwhile, its part hydrated first) instead of in one long task.
  const signedIn = getAuthState().status === 'signedIn';
  // Painted from the cache, the first render shows the page itself, not the shell's wait for it.
  if (root === null && (shell === 'member') === signedIn && window.location.search === '' && !cached) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    root ??= createRoot(container);
    const target = root;
    startTransition(() => target.render(app));
    markShellLive();
  }
}

// After the first render: restored member data is no part of what the shell shows.
start().then(() =>
  Promise.all([import('./api/persist'), import('./api/queryClient')]).then(([{ startPersistence }, { queryClient }]) =>
    startPersistence(queryClient),
  ),
);
