import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { Notice } from './Notice';
import styles from './ReasonDialog.module.css';

export interface ConfirmIdentityDialogProps {
  open: boolean;
  /** Two-factor is on: a current code (or a backup code) is asked beside the password. */
  askCode: boolean;
  onClose(): void;
  /** Sends the password and code; throwing shows the error's message and keeps the dialog open. */
  onConfirm(password: string, code: string): Promise<void>;
}

/**
 * The fresh confirmation (issue 35, the "sudo" window): before adding a passkey, changing the
 * email or the password, and in the console before role and cap changes, the person gives the
 * password again, and a code when two-factor is on. It holds for 5 minutes on this session.
 */
export function ConfirmIdentityDialog({ open, askCode, onClose, onConfirm }: ConfirmIdentityDialogProps) {
  const formId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPassword('');
    setCode('');
    setMissing(null);
    setError(null);
    setBusy(false);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setMissing('password');
    if (askCode && !code.trim()) return setMissing('code');
    setMissing(null);
    setBusy(true);
    setError(null);
    try {
      await onConfirm(password, askCode ? code.trim() : '');
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Confirm it’s you"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.description}>
          <p>
            For your safety, enter your password{askCode ? ' and a current code from your authenticator app' : ''}{' '}
            again. It holds for 5 minutes.
          </p>
        </div>
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={missing === 'password' ? 'Enter your password.' : undefined}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
        {askCode && (
          <Field
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={11}
            value={code}
            hint="Six digits, or one of your backup codes."
            error={missing === 'code' ? 'Enter a code from your authenticator app or a backup code.' : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {error && <Notice tone="danger">{error}</Notice>}
      </form>
    </Dialog>
  );
}

/** What a cancelled confirmation rejects with: the change was not made. */
export class ConfirmationCancelled extends Error {
  override name = 'ConfirmationCancelled';
  readonly code = 'CONFIRMATION_CANCELLED';
  readonly status = 0;
  constructor() {
    super('Nothing was changed: the change needs you to confirm it is you.');
  }
}

/**
 * Runs a change that may need a fresh confirmation: when the server answers that it does
 * (`needsConfirmation`), the dialog asks for it, then the change runs once more. `dialog` is
 * rendered by the caller.
 */
export function useFreshConfirmation(options: {
  askCode: boolean;
  needsConfirmation(error: unknown): boolean;
  confirm(password: string, code: string): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<{ resolve(): void; reject(error: Error): void } | null>(null);

  async function run<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (failure) {
      if (!options.needsConfirmation(failure)) throw failure;
      await new Promise<void>((resolve, reject) => {
        waiting.current = { resolve, reject };
        setOpen(true);
      });
      return change();
    }
  }

  const dialog = (
    <ConfirmIdentityDialog
      open={open}
      askCode={options.askCode}
      onClose={() => {
        setOpen(false);
        waiting.current?.reject(new ConfirmationCancelled());
        waiting.current = null;
      }}
      onConfirm={async (password, code) => {
        await options.confirm(password, code);
        setOpen(false);
        waiting.current?.resolve();
        waiting.current = null;
      }}
    />
  );
  return { run, dialog, askCode: options.askCode, confirm: options.confirm };
}
