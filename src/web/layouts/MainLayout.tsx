import { Link, Navigate, useLocation } from 'react-router';
import { PATHS_THAT_GO_HOME, ROUTES, SPA_PATHS } from '../../protocol/routes';
import { hasLoggedInBefore, useAuth } from '../lib/auth';
import { signedOutRoute } from '../lib/entry';
import { memberStatus, useUserData } from '../lib/memberData';
import { QueryProvider } from '../providers';
import { BrandMark } from '../ui/BrandMark';
import { MemberNavbar, MemberPopups } from './MemberChrome';
import { PageBody } from './PageBody';
import styles from './Shell.module.css';

/**
 * The public layout: brand header, content, footer; /cursebreaker is gated for signed-out visitors
 * (docs/product.md §2). A member who is fully in (on /games, /cursebreaker…) keeps the navbar and
 * their reward popups here too.
 */
function Main() {
  const auth = useAuth();
  const location = useLocation();
  const member = useUserData();
  const status = auth.status === 'signedIn' ? memberStatus(auth.user, member.data) : null;
  // not on the pages entry routing moves a member on from (/login, /register, /verify …)
  const memberChrome =
    status?.registered === true && status.verified && !PATHS_THAT_GO_HOME.includes(location.pathname);
  if (auth.status === 'signedOut') {
    const target = signedOutRoute({
      path: location.pathname,
      search: location.search,
      hasLoggedInBefore: hasLoggedInBefore(),
    });
    // An unknown address stays to show the not-found page (with this header) instead of a silent /login.
    if (target && location.pathname !== '/' && SPA_PATHS.includes(location.pathname)) {
      return <Navigate to={target} replace />;
    }
  }
  const signedIn = auth.status === 'signedIn';
  const onEntryForm = location.pathname === ROUTES.login || location.pathname === ROUTES.register;
  return (
    <div className={styles.shell}>
      {memberChrome ? (
        <MemberNavbar />
      ) : (
        <header className={styles.header}>
          {/* Signed in, the logo goes home (entry routing finishes registration or verification first). */}
          <Link to={signedIn ? ROUTES.home : ROUTES.instructions} className={styles.brand}>
            <BrandMark size={32} />
            <span>Cthulhu Portal</span>
          </Link>
          {!signedIn && !onEntryForm && (
            <nav className={styles.headerActions} aria-label="Account">
              <Link to={ROUTES.login}>Log In</Link>
              <Link to={ROUTES.register} className={styles.headerCta}>
                Join
              </Link>
            </nav>
          )}
        </header>
      )}
      <PageBody />
      {memberChrome && <MemberPopups />}
    </div>
  );
}

export default function MainLayout() {
  return (
    <QueryProvider>
      <Main />
    </QueryProvider>
  );
}
