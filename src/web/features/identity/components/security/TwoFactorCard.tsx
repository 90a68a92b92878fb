import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type AuthError, useAuth } from '../../../../lib/auth';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Field } from '../../../../ui/Field';
import { Form, type FormOutcome } from '../../../../ui/Form';
import { Notice } from '../../../../ui/Notice';
import {
  confirmEnrolment,
  disableTwoFactor,
  type Enrolment,
  renewBackupCodes,
  securityKeys,
  startEnrolment,
  twoFactorQuery,
} from '../../api/security';
import { authErrorMessage } from '../../model/authErrors';
import { BackupCodes } from './BackupCodes';
import styles from './security.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enrol' | 'renew' }
  | { kind: 'scan'; enrolment: Enrolment; qr: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

const TOTP = /^\d{6}$/;
const ANY_CODE = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;

/** The QR code of an otpauth URI as an image address (uqr, loaded with the enrolment only). */
async function qrImage(uri: string): Promise<string> {
  const { renderSVG } = await import('uqr');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(uri, { border: 1 }))}`;
}

/** /account's two-factor card: turn TOTP on (QR, key, first code, backup codes), renew codes, turn it off. */
export function TwoFactorCard() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const queryClient = useQueryClient();
  const state = useQuery({ ...twoFactorQuery(userId), enabled: Boolean(userId) });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const enabled = state.data?.twoFactorEnabled ?? false;

  function go(next: Step) {
    setStep(next);
    setPassword('');
    setCode('');
    setTouched(false);
    setError(null);
    setBusy(false);
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(authErrorMessage(failure as AuthError));
      setBusy(false);
    }
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.all });

  function submitPassword(event: FormEvent, then: 'enrol' | 'renew') {
    event.preventDefault();
    setTouched(true);
    if (!password) return;
    void run(async () => {
      if (then === 'renew') {
        go({ kind: 'codes', codes: await renewBackupCodes(password) });
        return;
      }
      const enrolment = await startEnrolment(password);
      go({ kind: 'scan', enrolment, qr: await qrImage(enrolment.uri) });
    });
  }

  function submitFirstCode(event: FormEvent, enrolment: Enrolment) {
    event.preventDefault();
    setTouched(true);
    if (!TOTP.test(code.trim())) return;
    void run(async () => {
      await confirmEnrolment(code);
      await refresh();
      go({ kind: 'codes', codes: enrolment.backupCodes });
      setDone('Two-factor is on. Your next log-in will ask for a code.');
    });
  }

  function submitDisable(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!password || !ANY_CODE.test(code.trim())) return;
    void run(async () => {
      await disableTwoFactor(password, code);
      await refresh();
      go({ kind: 'idle' });
      setDone('Two-factor is off. Log-ins ask for your password only.');
    });
  }

  const passwordField = (
    <Field
      label="Password"
      type="password"
      name="password"
      autoComplete="current-password"
      value={password}
      error={touched && !password ? 'Please enter your password.' : undefined}
      onChange={(e) => setPassword(e.target.value)}
      autoFocus
    />
  );
  const cancel = (
    <Button variant="ghost" onClick={() => go({ kind: 'idle' })}>
      Cancel
    </Button>
  );
  const outcome = error ? { tone: 'danger' as const, text: error } : null;

  return (
    <Card className={styles.card}>
      <TwoFactorHeading state={state.data ? (enabled ? 'on' : 'off') : null} />
      {step.kind === 'idle' && (
        <IdleStep enabled={enabled} known={Boolean(state.data)} failed={state.isError} done={done} go={go} />
      )}
      {step.kind === 'password' && (
        <PasswordStep
          purpose={step.purpose}
          passwordField={passwordField}
          busy={busy}
          outcome={outcome}
          onSubmit={(event) => submitPassword(event, step.purpose)}
          cancel={cancel}
        />
      )}
      {step.kind === 'scan' && (
        <ScanStep
          step={step}
          code={code}
          onCode={setCode}
          codeError={touched && !TOTP.test(code.trim()) ? 'Enter the 6-digit code.' : undefined}
          busy={busy}
          outcome={outcome}
          onSubmit={(event) => submitFirstCode(event, step.enrolment)}
          cancel={cancel}
        />
      )}
      {step.kind === 'codes' && (
        <>
          {done && <Notice tone="success">{done}</Notice>}
          <BackupCodes
            codes={step.codes}
            onDone={() => {
              go({ kind: 'idle' });
              setDone(null);
            }}
          />
        </>
      )}
      {step.kind === 'disable' && (
        <DisableStep
          passwordField={passwordField}
          code={code}
          onCode={setCode}
          codeError={touched && !ANY_CODE.test(code.trim()) ? 'Enter the 6-digit code or a backup code.' : undefined}
          busy={busy}
          outcome={outcome}
          onSubmit={submitDisable}
          cancel={cancel}
        />
      )}
    </Card>
  );
}

/** Two-factor at rest: what it does, whether it is on, and the buttons to change it. */
function IdleStep({
  enabled,
  known,
  failed,
  done,
  go,
}: {
  enabled: boolean;
  /** Whether the status has loaded (turning on waits for it). */
  known: boolean;
  failed: boolean;
  done: string | null;
  go: (next: Step) => void;
}) {
  return (
    <>
      <p className={styles.intro}>
        {enabled
          ? 'Log-ins ask for a code from your authenticator app after your password.'
          : 'Ask for a code from an authenticator app after your password, so a stolen password alone cannot open your account.'}
      </p>
      {done && <Notice tone="success">{done}</Notice>}
      {failed && <Notice tone="danger">The two-factor status could not be loaded.</Notice>}
      <div className={styles.row}>
        {enabled ? (
          <>
            <Button variant="secondary" onClick={() => go({ kind: 'password', purpose: 'renew' })}>
              New backup codes
            </Button>
            <Button variant="danger" onClick={() => go({ kind: 'disable' })}>
              Turn off two-factor
            </Button>
          </>
        ) : (
          <Button onClick={() => go({ kind: 'password', purpose: 'enrol' })} disabled={!known}>
            Turn on two-factor
          </Button>
        )}
      </div>
    </>
  );
}

interface ScanProps {
  step: Extract<Step, { kind: 'scan' }>;
  code: string;
  onCode: (code: string) => void;
  codeError?: string;
  busy: boolean;
  outcome: FormOutcome | null;
  onSubmit: (event: FormEvent) => void;
  cancel: ReactNode;
}

/** Enrolment: the QR code and the key, and the app's first code that turns two-factor on. */
function ScanStep({ step, code, onCode, codeError, busy, outcome, onSubmit, cancel }: ScanProps) {
  return (
    <StepForm label="Turn on" busy={busy} outcome={outcome} onSubmit={onSubmit} cancel={cancel}>
      <ol className={styles.steps}>
        <li>Scan this QR code with an authenticator app (or type the key).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className={styles.enrol}>
        <img className={styles.qr} src={step.qr} alt="QR code for your authenticator app" />
        <div>
          <p className={styles.secretLabel}>Key for typing in by hand:</p>
          <code className={styles.secret} data-testid="totp-secret">
            {step.enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <Field
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={codeError}
        onChange={(e) => onCode(e.target.value.replace(/\s/g, ''))}
      />
    </StepForm>
  );
}

/** Turning two-factor off: the password and a code from the app (or a backup code). */
function DisableStep({
  passwordField,
  code,
  onCode,
  codeError,
  busy,
  outcome,
  onSubmit,
  cancel,
}: Omit<ScanProps, 'step'> & { passwordField: ReactNode }) {
  return (
    <StepForm label="Turn off" danger busy={busy} outcome={outcome} onSubmit={onSubmit} cancel={cancel}>
      <p className={styles.intro}>Confirm with your password and a code from your app (or a backup code).</p>
      {passwordField}
      <Field
        label="Code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        error={codeError}
        onChange={(e) => onCode(e.target.value)}
      />
    </StepForm>
  );
}

/** The password first: before enrolling, or before new backup codes replace the old ones. */
function PasswordStep({
  purpose,
  passwordField,
  busy,
  outcome,
  onSubmit,
  cancel,
}: Pick<ScanProps, 'busy' | 'outcome' | 'onSubmit' | 'cancel'> & {
  purpose: 'enrol' | 'renew';
  passwordField: ReactNode;
}) {
  return (
    <StepForm label="Continue" busy={busy} outcome={outcome} onSubmit={onSubmit} cancel={cancel}>
      <p className={styles.intro}>
        {purpose === 'enrol'
          ? 'Confirm your password to set up an authenticator app.'
          : 'Confirm your password: new backup codes replace the old ones.'}
      </p>
      {passwordField}
    </StepForm>
  );
}

/** The card's title, with whether two-factor is on once known. */
function TwoFactorHeading({ state }: { state: 'on' | 'off' | null }) {
  return (
    <h2>
      <ShieldCheck size={20} aria-hidden="true" />
      Two-factor authentication
      {state && <span className={`${styles.state} ${state === 'on' ? styles.on : styles.off}`}>{state}</span>}
    </h2>
  );
}

/** A step's form: its submit button (danger for turning two-factor off) beside Cancel. */
function StepForm({
  label,
  danger = false,
  busy,
  outcome,
  onSubmit,
  cancel,
  children,
}: Pick<ScanProps, 'busy' | 'outcome' | 'onSubmit' | 'cancel'> & {
  label: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      onSubmit={onSubmit}
      outcome={outcome}
      actions={
        <>
          <Button type="submit" variant={danger ? 'danger' : undefined} busy={busy}>
            {label}
          </Button>
          {cancel}
        </>
      }
    >
      {children}
    </Form>
  );
}
