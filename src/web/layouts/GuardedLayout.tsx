import { Navigate, useLocation } from 'react-router';
import { hasLoggedInBefore, useAuth } from '../lib/auth';
import { entryRoute, rememberRequestedPath } from '../lib/entry';
import { memberStatus, useUserData } from '../lib/memberData';
import { QueryProvider } from '../providers';
import { Button } from '../ui/Button';
import { Loading } from '../ui/Loading';
import { MessagePage } from '../ui/MessagePage';
import { MemberNavbar, MemberPopups } from './MemberChrome';
import { PageBody } from './PageBody';
import styles from './Shell.module.css';

/**
 * The signed-in layout. A signed-out visitor goes to /login and returns here after sign-in; an
 * account without a finished registration goes to /register; an unverified one to /verify.
 */
function Guarded() {
  const auth = useAuth();
  const location = useLocation();
  const member = useUserData();

  if (auth.status === 'loading') return <Loading fullscreen />;
  const signedIn = auth.status === 'signedIn';
  // A refusal signs the member out (lib/session); this is the server out of reach: never a redirect loop.
  if (signedIn && member.isError) {
    return (
      <MessagePage image="/maintenance.svg" title="We could not load your account.">
        <p>Please check your connection and try again.</p>
        <Button onClick={() => member.refetch()}>Try again</Button>
      </MessagePage>
    );
  }
  const target = entryRoute({
    path: location.pathname,
    search: location.search,
    signedIn,
    hasLoggedInBefore: hasLoggedInBefore(),
    // An sCode is checked by the invite entry (RootLayout), which then moves a signed-out visitor on.
    code: !signedIn && new URLSearchParams(location.search).has('sCode') ? 'pending' : 'none',
    member: signedIn ? memberStatus(auth.user, member.data) : null,
  });
  // A signed-in member's data is on its way: the navbar and the page frame show meanwhile (the
  // prerendered first paint of /home, lib/shell.ts), the screen once entry routing has decided.
  const waiting = target === 'wait';
  if (waiting && !signedIn) return <Loading fullscreen />;
  if (target && !waiting) {
    rememberRequestedPath(location.pathname + location.search);
    return <Navigate to={target} replace />;
  }

  return (
    <div className={styles.shell}>
      <MemberNavbar />
      <PageBody waiting={waiting} />
      {!waiting && <MemberPopups />}
    </div>
  );
}

export default function GuardedLayout() {
  return (
    <QueryProvider>
      <Guarded />
    </QueryProvider>
  );
}
