import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { MessagePage } from '../../../ui/MessagePage';

export default function NotFoundScreen() {
  return (
    <MessagePage title="This page is lost in the void." showNav>
      <p>
        Nothing answers at this address. <Link to={ROUTES.home}>Return home</Link>.
      </p>
    </MessagePage>
  );
}
