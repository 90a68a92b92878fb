import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getAuthState, refreshSession, subscribeAuth } from './lib/auth';
import { initDebug } from './lib/debug';
import { loadFlags, setFlags } from './lib/flags';
import { Providers, queryClient } from './providers';
import { createAppRouter } from './router';
import { Loading } from './ui/Loading';
import './styles/index.css';

initDebug(window.location.search);

const root = createRoot(document.getElementById('root') as HTMLElement);
root.render(<Loading fullscreen />);

// The session and the flags are needed before the first route decides anything.
const [flags] = await Promise.all([loadFlags(), refreshSession()]);
setFlags(flags);
const router = createAppRouter(flags);

// SPEC §2: sign-out or loss of session while signed in goes to /login; cached member data goes with it.
let wasSignedIn = getAuthState().status === 'signedIn';
subscribeAuth(() => {
  const signedIn = getAuthState().status === 'signedIn';
  if (wasSignedIn && !signedIn) {
    queryClient.clear();
    router.navigate('/login', { replace: true });
  }
  wasSignedIn = signedIn;
});

import('./api/persist').then(({ startPersistence }) => startPersistence(queryClient));

root.render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
