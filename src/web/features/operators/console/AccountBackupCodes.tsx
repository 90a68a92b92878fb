import { type FormEvent, useState } from 'react';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError } from '../../../api/console';
import { downloadText } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { Notice } from '../../../ui/Notice';
import { renewOwnBackupCodes } from './api';
import auth from './ConsoleAuth.module.css';
import styles from './ConsoleScreens.module.css';

const codesLeft = (left: number) => `${left} of 10 backup codes left`;

/**
 * The Account screen's backup codes card (issue 38): how many are left, and ten new ones for the
 * password (two-factor's generate-backup-codes); the new ones are shown once, the old stop working.
 */
export function AccountBackupCodes({ left, onRenewed }: { left: number | null | undefined; onRenewed(): void }) {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    if (!password) {
      setProblem('Enter your password.');
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setCodes((await renewOwnBackupCodes(password)).aBackupCodes);
      setAsking(false);
      setPassword('');
      onRenewed();
    } catch (error) {
      if (error instanceof ConsoleError && error.code === ErrorCode.WRONG_PASSWORD) setProblem(error.message);
      else setOutcome({ tone: 'danger', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const text = codes
    ? `Cthulhu Portal console: backup codes\nEach code works once, in place of an authenticator code.\n\n${codes.join('\n')}\n`
    : '';
  return (
    <section className={`${shared.section} ${styles.card}`} aria-labelledby="codes-title">
      <h2 id="codes-title">Backup codes</h2>
      <p data-testid="backup-codes-left">
        {left === undefined ? ' ' : left === null ? 'Two-factor is not enrolled.' : codesLeft(left)}
      </p>
      <p className={shared.muted}>
        Each code signs you in once when your authenticator app is not at hand. New codes replace all the old ones.
      </p>
      {codes && (
        <>
          <Notice tone="success">Ten new backup codes: shown only now. Download them or write them down.</Notice>
          <ol className={auth.codes} aria-label="New backup codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className={auth.actions}>
            <Button variant="secondary" onClick={() => downloadText('console-backup-codes.txt', text)}>
              Download
            </Button>
            <Button variant="ghost" onClick={() => setCodes(null)}>
              I have saved them
            </Button>
          </div>
        </>
      )}
      {asking ? (
        <Form
          onSubmit={submit}
          outcome={outcome}
          actions={
            <>
              <Button type="submit" busy={busy}>
                Make new codes
              </Button>
              <Button variant="ghost" onClick={() => setAsking(false)}>
                Cancel
              </Button>
            </>
          }
        >
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={problem ?? undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Form>
      ) : (
        left !== null &&
        !codes && (
          <div className={auth.actions}>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              New backup codes
            </Button>
          </div>
        )
      )}
    </section>
  );
}
