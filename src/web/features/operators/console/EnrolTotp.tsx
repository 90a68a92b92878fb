import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import { downloadText } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import styles from './ConsoleAuth.module.css';
import { confirmEnrolment, type Enrolment, startEnrolment } from './consoleAuth';

/** Six digits, spaces ignored (apps show "123 456"). */
export const codeOf = (typed: string) => typed.replace(/\s+/g, '');

/**
 * TOTP enrolment after the first password sign-in: the QR code and its secret, a first code to
 * confirm, then the 10 backup codes shown once (download or copy them). `onDone` receives the
 * console session's token once the operator says the codes are saved.
 */
export function EnrolTotp({
  token,
  password,
  onDone,
}: {
  /** The password session's token (no second factor yet). */
  token: string;
  password: string;
  onDone(consoleToken: string): void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Each start makes a new secret: once per mount (StrictMode mounts twice in development).
    if (started.current) return;
    started.current = true;
    startEnrolment(token, password).then(setEnrolment, (error: Error) => setFailed(error.message));
  }, [token, password]);

  const qr = useMemo(
    () =>
      enrolment ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(enrolment.uri, { pixelSize: 6 }))}` : null,
    [enrolment],
  );

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const typed = codeOf(code);
    if (!/^\d{6}$/.test(typed)) {
      setOutcome({ tone: 'danger', text: 'Enter the 6-digit code your authenticator app shows.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setConfirmed(await confirmEnrolment(token, typed));
    } catch (error) {
      setOutcome({ tone: 'danger', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <Notice tone="danger">{failed}</Notice>;
  if (!enrolment || !qr) return <Loading label="Preparing two-factor enrolment…" />;

  if (confirmed) {
    const text = `Cthulhu Portal console: backup codes\nEach code works once, in place of an authenticator code.\n\n${enrolment.backupCodes.join('\n')}\n`;
    const download = () => downloadText('console-backup-codes.txt', text);
    return (
      <section aria-labelledby="backup-title" className={styles.step}>
        <h2 id="backup-title">Save your backup codes</h2>
        <Notice tone="success">Two-factor is on.</Notice>
        <p className={styles.muted}>
          Each code signs you in once if your authenticator app is not at hand. They are shown only now: download them
          or write them down, and keep them somewhere safe.
        </p>
        <ol className={styles.codes} aria-label="Backup codes">
          {enrolment.backupCodes.map((backup) => (
            <li key={backup}>
              <code>{backup}</code>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={download}>
            Download
          </Button>
          <Button onClick={() => onDone(confirmed)}>I have saved them</Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="enrol-title" className={styles.step}>
      <h2 id="enrol-title">Set up your authenticator</h2>
      <p className={styles.muted}>
        The console asks for a code from an authenticator app (1Password, Google Authenticator, Aegis…) at every
        sign-in. Scan this QR code with it, or type the key by hand.
      </p>
      <div className={styles.qrRow}>
        <img
          className={styles.qr}
          src={qr}
          alt="QR code to scan with your authenticator app"
          width={180}
          height={180}
        />
        <div className={styles.secret}>
          <span className={styles.muted}>Key for manual entry</span>
          <code data-testid="totp-secret">{enrolment.secret}</code>
          <Button
            variant="ghost"
            onClick={() => navigator.clipboard?.writeText(enrolment.secret).catch(() => undefined)}
          >
            Copy key
          </Button>
        </div>
      </div>
      <Form
        onSubmit={confirm}
        outcome={outcome}
        actions={
          <Button type="submit" busy={busy}>
            Turn on two-factor
          </Button>
        }
      >
        <Field
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint="6 digits; a new one every 30 seconds."
        />
      </Form>
    </section>
  );
}
