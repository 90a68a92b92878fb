import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/pageTitle';
import { MessagePage } from '../../../ui/MessagePage';

/** Any unknown address, inside the main layout (its header or the member navbar): art, a word, one way home. */
export default function NotFoundScreen() {
  const signedIn = useAuth().status === 'signedIn';
  usePageTitle('Page not found');
  return (
    <MessagePage image="/lost.svg" title="This page is lost in the void.">
      <p>Nothing answers at this address.</p>
      <p>
        <Link to={signedIn ? ROUTES.home : ROUTES.root}>{signedIn ? 'Back to home' : 'Back to the portal'}</Link>
      </p>
    </MessagePage>
  );
}
