import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '../../../../protocol/errors';
import { CONSOLE_ROUTES } from '../../../../protocol/routes';
import { consoleToken } from '../../../api/console';
import { useConsoleTitle } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { Notice } from '../../../ui/Notice';
import styles from './ConsoleAuth.module.css';
import { consoleGateOf, dropSession, NOT_AN_OPERATOR, passwordStep, setFirstPassword } from './consoleAuth';
import { EnrolTotp } from './EnrolTotp';
import type { ConsoleSignInState } from './operator';

const MIN_PASSWORD = 8;

/**
 * The mailed link's landing (`/console/welcome?token=T`): choose a password, then enrol TOTP and
 * save the backup codes. The link carries no email, so the form asks for it (the address the
 * invitation was sent to) to sign in right after the password is set.
 */
export default function ConsoleWelcomeScreen() {
  useConsoleTitle('Welcome');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; repeat?: string }>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  // Once set, the link is spent: a retry (a mistyped email) only signs in.
  const [passwordSet, setPasswordSet] = useState(false);
  const [session, setSession] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = 'Enter the email the invitation was sent to.';
    if (!passwordSet && password.length < MIN_PASSWORD) next.password = `Use at least ${MIN_PASSWORD} characters.`;
    if (!passwordSet && repeat !== password) next.repeat = 'The two passwords differ.';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    setOutcome(null);
    try {
      if (!passwordSet) {
        await setFirstPassword(token, password);
        setPasswordSet(true);
      }
      let first: Awaited<ReturnType<typeof passwordStep>>;
      try {
        first = await passwordStep(email.trim(), password);
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        setOutcome({
          tone: 'danger',
          text:
            code === 'INVALID_EMAIL_OR_PASSWORD'
              ? 'Your password is set, but that email does not match it. Enter the email the invitation was sent to.'
              : message,
        });
        return;
      }
      if (first.kind === 'challenge') {
        // Two-factor is enrolled already (an admin sent a new link to reset the password).
        const state: ConsoleSignInState = {
          notice: 'Your password is set. Sign in with it and your authenticator code.',
        };
        navigate(CONSOLE_ROUTES.signIn, { replace: true, state });
        return;
      }
      const gate = await consoleGateOf(first.token);
      if (gate === ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED) setSession(first.token);
      else if (gate === ErrorCode.CONSOLE_NOT_OPERATOR) {
        await dropSession(first.token);
        setOutcome({ tone: 'danger', text: NOT_AN_OPERATOR });
      } else setOutcome({ tone: 'danger', text: 'The console could not check this account. Please try again.' });
    } catch (error) {
      setOutcome({ tone: 'danger', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <div className={styles.card}>
        <h1>Welcome to the console</h1>
        <Notice tone="danger">
          This link is incomplete. Open the link from your invitation mail again, or ask an admin to run "operator add"
          again for a new one.
        </Notice>
        <Link to={CONSOLE_ROUTES.signIn}>Go to console sign-in</Link>
      </div>
    );
  }

  return (
    <div className={styles.card}>
      <h1>Welcome to the console</h1>
      {session ? (
        <>
          <Notice tone="success">Your password is set.</Notice>
          <EnrolTotp
            token={session}
            password={password}
            onDone={(console) => {
              consoleToken.set(console);
              navigate(CONSOLE_ROUTES.overview, { replace: true });
            }}
          />
        </>
      ) : (
        <Form
          onSubmit={submit}
          outcome={outcome}
          actions={
            <Button type="submit" busy={busy}>
              {passwordSet ? 'Continue' : 'Set password'}
            </Button>
          }
        >
          <p className={styles.muted}>
            {passwordSet
              ? 'Your password is set. Enter the email this invitation was sent to.'
              : 'Choose your console password. Next, you set up an authenticator app: the console asks for its code at every sign-in.'}
          </p>
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            error={errors.email}
            hint="The address this invitation was sent to."
            onChange={(event) => setEmail(event.target.value)}
          />
          {!passwordSet && (
            <>
              <Field
                label="New password"
                type="password"
                autoComplete="new-password"
                value={password}
                error={errors.password}
                hint={`At least ${MIN_PASSWORD} characters.`}
                onChange={(event) => setPassword(event.target.value)}
              />
              <Field
                label="Repeat the password"
                type="password"
                autoComplete="new-password"
                value={repeat}
                error={errors.repeat}
                onChange={(event) => setRepeat(event.target.value)}
              />
            </>
          )}
        </Form>
      )}
    </div>
  );
}
