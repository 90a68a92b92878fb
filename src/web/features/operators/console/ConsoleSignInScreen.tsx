import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorCode } from '../../../../protocol/errors';
import { CONSOLE_ROUTES } from '../../../../protocol/routes';
import { consoleToken } from '../../../api/console';
import { useConsoleTitle } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { Notice } from '../../../ui/Notice';
import styles from './ConsoleAuth.module.css';
import { consoleGateOf, dropSession, NOT_AN_OPERATOR, passwordStep, secondFactor } from './consoleAuth';
import { codeOf, EnrolTotp } from './EnrolTotp';
import type { ConsoleSignInState } from './operator';

type Step =
  | { name: 'password' }
  | { name: 'code'; challenge: string; backup: boolean }
  | { name: 'enrol'; token: string; password: string };

/** The console's sign-in (issue 27): email and password, then an authenticator or backup code. */
export default function ConsoleSignInScreen() {
  useConsoleTitle('Sign in');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as ConsoleSignInState;
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  function enter(token: string) {
    consoleToken.set(token);
    const back = state.from?.startsWith(CONSOLE_ROUTES.root) && !state.from.startsWith(CONSOLE_ROUTES.signIn);
    navigate(back ? (state.from as string) : CONSOLE_ROUTES.overview, { replace: true });
  }

  /** A session the console refuses (a member's account) ends at once; 0: a console session. */
  async function gate(token: string): Promise<number> {
    const code = await consoleGateOf(token);
    if (code === ErrorCode.CONSOLE_NOT_OPERATOR) {
      await dropSession(token);
      setOutcome({ tone: 'danger', text: NOT_AN_OPERATOR });
    } else if (code !== ErrorCode.OK && code !== ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED) {
      setOutcome({ tone: 'danger', text: 'The console could not check this account. Please try again.' });
    }
    return code;
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setOutcome(null);
    try {
      await work();
    } catch (error) {
      const { code: refused, message } = error as { code?: string; message: string };
      if (refused === 'INVALID_TWO_FACTOR_COOKIE' || refused === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
        setStep({ name: 'password' });
        setCode('');
      }
      setOutcome({ tone: 'danger', text: message });
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setOutcome({ tone: 'danger', text: 'Enter your email and password.' });
      return;
    }
    void run(async () => {
      const first = await passwordStep(email.trim(), password);
      if (first.kind === 'challenge') {
        setStep({ name: 'code', challenge: first.challenge, backup: false });
        return;
      }
      // No second factor yet: an operator enrols now; a member's account opens nothing.
      const gated = await gate(first.token);
      if (gated === ErrorCode.CONSOLE_SECOND_FACTOR_REQUIRED) setStep({ name: 'enrol', token: first.token, password });
    });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (step.name !== 'code') return;
    const typed = step.backup ? code.trim() : codeOf(code);
    if (!step.backup && !/^\d{6}$/.test(typed)) {
      setOutcome({ tone: 'danger', text: 'Enter the 6-digit code your authenticator app shows.' });
      return;
    }
    if (step.backup && !typed) {
      setOutcome({ tone: 'danger', text: 'Enter one of your backup codes.' });
      return;
    }
    void run(async () => {
      const token = await secondFactor(step.challenge, typed, step.backup);
      if ((await gate(token)) === ErrorCode.OK) enter(token);
    });
  }

  return (
    <div className={styles.card}>
      <h1>Console sign-in</h1>
      {state.notice && step.name === 'password' && !outcome && <Notice tone="info">{state.notice}</Notice>}
      {step.name === 'password' && (
        <Form
          onSubmit={submitPassword}
          outcome={outcome}
          actions={
            <Button type="submit" busy={busy}>
              Sign in
            </Button>
          }
        >
          <Field
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form>
      )}
      {step.name === 'code' && (
        <CodeForm
          backup={step.backup}
          email={email.trim()}
          code={code}
          onCode={setCode}
          outcome={outcome}
          busy={busy}
          onSubmit={submitCode}
          onSwitch={() => {
            setStep({ ...step, backup: !step.backup });
            setCode('');
            setOutcome(null);
          }}
        />
      )}
      {step.name === 'enrol' && (
        <>
          <Notice tone="info">Your password is right. Two-factor is required before the console opens.</Notice>
          <EnrolTotp token={step.token} password={step.password} onDone={enter} />
        </>
      )}
      {step.name === 'password' && (
        <p className={styles.muted}>New operator? Follow the link in your invitation mail to set your password.</p>
      )}
    </div>
  );
}

interface CodeFormProps {
  backup: boolean;
  email: string;
  code: string;
  onCode: (code: string) => void;
  outcome: FormOutcome | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Between an authenticator code and a backup code. */
  onSwitch: () => void;
}

/** The second step: the authenticator's 6-digit code, or one backup code. */
function CodeForm({ backup, email, code, onCode, outcome, busy, onSubmit, onSwitch }: CodeFormProps) {
  return (
    <Form
      onSubmit={onSubmit}
      outcome={outcome}
      actions={
        <>
          <Button type="submit" busy={busy}>
            Verify
          </Button>
          <button type="button" className={styles.linkButton} onClick={onSwitch}>
            {backup ? 'Use an authenticator code instead' : 'Use a backup code instead'}
          </button>
        </>
      }
    >
      <p className={styles.muted}>
        {backup ? 'Each backup code works once.' : `Open your authenticator app and enter the code for ${email}.`}
      </p>
      {backup ? (
        <Field
          key="backup"
          label="Backup code"
          autoComplete="off"
          autoFocus
          value={code}
          onChange={(event) => onCode(event.target.value)}
        />
      ) : (
        <Field
          key="totp"
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={7}
          value={code}
          onChange={(event) => onCode(event.target.value)}
        />
      )}
    </Form>
  );
}
