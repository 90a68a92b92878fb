import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getAuthState, refreshSession, subscribeAuth } from './lib/auth';
import { initDebug } from './lib/debug';
import { lastKnownFlags, loadFlags, setFlags } from './lib/flags';
import { createAppRouter, preloadRoute } from './router';
import { Loading } from './ui/Loading';
import './styles/index.css';

initDebug(window.location.search);

// index.html already shows the loading screen; this one takes over from it.
const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(<Loading fullscreen />);

// The page's layout and screen download while the session and the flags are checked.
preloadRoute(window.location.pathname, lastKnownFlags());

// The session and the flags are needed before the first route decides anything.
const [flags] = await Promise.all([loadFlags(), refreshSession()]);
setFlags(flags);
const router = createAppRouter(flags);

// docs/product.md §2: sign-out or loss of session while signed in goes to /login; cached member data goes with it.
let wasSignedIn = getAuthState().status === 'signedIn';
subscribeAuth(() => {
  const signedIn = getAuthState().status === 'signedIn';
  if (wasSignedIn && !signedIn) {
    import('./providers').then(({ queryClient }) => queryClient.clear());
    router.navigate('/login', { replace: true });
  }
  wasSignedIn = signedIn;
});

Promise.all([import('./api/persist'), import('./providers')]).then(([{ startPersistence }, { queryClient }]) =>
  startPersistence(queryClient),
);

root.render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
