import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { signOut } from '../../../lib/authSession';
import { Loading } from '../../../ui/Loading';
import { dispatchLogin } from '../model/store';

/** /changeaccount: signs out and returns to /login with an empty form. */
export default function ChangeAccountScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    signOut().then(() => {
      dispatchLogin({ type: 'signedOut' });
      navigate(ROUTES.login, { replace: true });
    });
  }, [navigate]);
  return <Loading label="Signing out…" fullscreen />;
}
