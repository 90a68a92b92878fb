import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import type { UsernameCheck } from '../model/useUsernameCheck';
import styles from './RegisterForm.module.css';

/** Above the form: a guest's Monster Breaker win coming along, and the invite code's state. */
export function RegisterNotices({
  guestWin,
  sCode,
  code,
}: {
  guestWin: boolean;
  sCode: string;
  /** The identity store's invite code check. */
  code: { sCode: string; iCodeVerifyState: number };
}) {
  const codeChecked = code.sCode === sCode.trim() && code.iCodeVerifyState !== 0;
  const codeInvalid = codeChecked && code.iCodeVerifyState === -1;
  return (
    <>
      {guestWin && (
        <Notice tone="success">
          Your Monster Breaker win comes with you: the Agent for beating the M1 Demo will be waiting.
        </Notice>
      )}
      {sCode && (
        <Notice tone={codeInvalid ? 'warning' : codeChecked ? 'success' : 'info'}>
          {codeInvalid
            ? `The invite code ${sCode} is not valid.`
            : codeChecked
              ? `Invite code ${sCode}`
              : `Checking the invite code ${sCode}…`}
        </Notice>
      )}
    </>
  );
}

function hintOf(check: UsernameCheck): string {
  if (check.status === 'checking') return 'Checking…';
  if (check.status === 'available') return 'This name is free.';
  if (check.status === 'unknown') return check.message;
  return '3–20 letters, digits or _.';
}

/** The username, checked with the server as typed, and a free name offered when it is taken. */
export function UsernameField({
  userName,
  onUserName,
  check,
  error,
  touched,
}: {
  userName: string;
  onUserName: (name: string) => void;
  check: UsernameCheck;
  error?: string;
  touched: boolean;
}) {
  return (
    <>
      <Field
        label="Username"
        autoComplete="nickname"
        autoCapitalize="none"
        spellCheck={false}
        value={userName}
        hint={hintOf(check)}
        error={
          touched || check.status === 'taken' || (check.status === 'invalid' && userName.length >= 3)
            ? error
            : undefined
        }
        onChange={(e) => onUserName(e.target.value)}
      />
      {check.status === 'taken' && check.suggestion && (
        <p className={styles.suggestion}>
          Try{' '}
          <Button variant="ghost" onClick={() => onUserName(check.suggestion)}>
            {check.suggestion}
          </Button>
        </p>
      )}
    </>
  );
}

/** A new account's password, shown on request. */
export function PasswordFields({
  password,
  onPassword,
  error,
}: {
  password: string;
  onPassword: (password: string) => void;
  error?: string;
}) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <>
      <Field
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        value={password}
        hint="8 to 128 characters."
        error={error}
        onChange={(e) => onPassword(e.target.value)}
      />
      <label className={styles.showPassword}>
        <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> Show
        password
      </label>
    </>
  );
}
