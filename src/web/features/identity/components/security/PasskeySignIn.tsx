import { useState } from 'react';
import type { AuthError } from '../../../../lib/auth';
import { Button } from '../../../../ui/Button';
import { Notice } from '../../../../ui/Notice';
import { signInWithPasskey } from '../../api/security';
import { authErrorMessage } from '../../model/authErrors';
import { dispatchLogin, setLoginNotice } from '../../model/store';
import styles from './security.module.css';

/**
 * "Sign in with a passkey" under the /login form: no email to type, the device offers the passkeys
 * it holds for the portal. The WebAuthn code loads on the click. The login state moves as for the
 * password (1, then 2 or 100) once the device has answered.
 */
export function PasskeySignIn() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    setLoginNotice(null);
    try {
      dispatchLogin({ type: 'loginStarted' });
      await signInWithPasskey();
      dispatchLogin({ type: 'signedIn' });
      // The sign-in change moves the member on (LoginScreen); the button stays busy until then.
    } catch (failure) {
      dispatchLogin({ type: 'loginFailed' });
      setError(authErrorMessage(failure as AuthError));
      setBusy(false);
    }
  }

  return (
    <>
      <div className={styles.or}>or</div>
      {error && <Notice tone="danger">{error}</Notice>}
      <Button variant="secondary" className={styles.wide} busy={busy} onClick={start}>
        Sign in with a passkey
      </Button>
    </>
  );
}
