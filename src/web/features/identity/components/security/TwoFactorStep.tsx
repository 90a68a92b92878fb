import { type FormEvent, useId, useState } from 'react';
import type { AuthError } from '../../../../lib/auth';
import { Button } from '../../../../ui/Button';
import { Field } from '../../../../ui/Field';
import { Form } from '../../../../ui/Form';
import { verifySignInCode } from '../../api/security';
import { authErrorMessage } from '../../model/authErrors';
import { dispatchLogin } from '../../model/store';
import styles from './security.module.css';

const TOTP = /^\d{6}$/;
const BACKUP = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * The code step of /login for an account with two-factor on: after the right password, a code from
 * the authenticator app or a backup code, and "trust this device". The login state stays at 1
 * (logging in) until the code is accepted (2), or the member goes back (100).
 */
export function TwoFactorStep({
  email,
  challenge,
  onBack,
}: {
  email: string;
  challenge: string;
  onBack(reason?: string): void;
}) {
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trustId = useId();

  const valid = backup ? BACKUP.test(code.trim()) : TOTP.test(code.trim());
  const codeError =
    touched && !valid ? (backup ? 'Enter a backup code like abcde-12345.' : 'Enter the 6-digit code.') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      await verifySignInCode({ email, challenge, code, backup, trustDevice: trust });
      dispatchLogin({ type: 'signedIn' });
    } catch (failure) {
      const authError = failure as AuthError;
      // The challenge is over (expired, or too many wrong codes): back to the password.
      if (authError.code === 'INVALID_TWO_FACTOR_COOKIE' || authError.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        dispatchLogin({ type: 'loginFailed' });
        onBack(authErrorMessage(authError));
        return;
      }
      setError(authErrorMessage(authError));
      setBusy(false);
    }
  }

  function switchKind() {
    setBackup(!backup);
    setCode('');
    setTouched(false);
    setError(null);
  }

  return (
    <>
      <Form
        onSubmit={submit}
        outcome={error ? { tone: 'danger', text: error } : null}
        actions={
          <Button type="submit" busy={busy}>
            Verify
          </Button>
        }
      >
        {backup ? (
          <Field
            key="backup"
            label="Backup code"
            name="backupCode"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            error={codeError}
            hint="Each backup code works once."
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
        ) : (
          <Field
            key="totp"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={codeError}
            hint="The 6-digit code your authenticator app shows now."
            onChange={(e) => setCode(e.target.value.replace(/\s/g, ''))}
            autoFocus
          />
        )}
        <label className={styles.checkbox} htmlFor={trustId}>
          <input id={trustId} type="checkbox" checked={trust} onChange={(e) => setTrust(e.target.checked)} />
          <span>Trust this device for 30 days</span>
        </label>
      </Form>
      <div className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={switchKind}>
          {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            dispatchLogin({ type: 'loginFailed' });
            onBack();
          }}
        >
          Back
        </button>
      </div>
    </>
  );
}
