import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Notice } from './Notice';
import styles from './ReasonDialog.module.css';

export interface ReasonDialogProps {
  open: boolean;
  /** The dialog's heading, e.g. "Ban ada". */
  title: ReactNode;
  /** What the action does, shown above the fields. */
  description?: ReactNode;
  /** The confirming button's words, e.g. "Ban". */
  confirmLabel: string;
  /** The closing button's words (default "Cancel"); name it by what it does when the action itself cancels something. */
  dismissLabel?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
  /** false: a plain confirmation without a reason (ConfirmDialog). Default true: a reason is required. */
  askReason?: boolean;
  /** Extra fields of the action (an amount, a duration…), above the reason. */
  children?: ReactNode;
  /** The confirming button is disabled (the fields say why). */
  confirmDisabled?: boolean;
  /**
   * Checks the action's own fields and shows their errors; false stops the submit. It runs with the
   * reason's check, on the same submit, so every error shows at once, the fields' first (issue 38).
   */
  validate?(): boolean;
  onClose(): void;
  /**
   * Runs the action with the trimmed reason ('' when askReason is false). Resolving closes the
   * dialog; throwing shows the error's message in it (a ConsoleError carries the server's) and
   * keeps it open. Returning false keeps it open without a message (the caller's own validation).
   */
  onConfirm(reason: string): Promise<unknown> | unknown;
}

/**
 * The console's confirmation of every lever that asks why (issue 27): a required reason (the audit
 * log keeps it), the action's own fields as children, and the server's refusal shown in place.
 * The reason resets each time the dialog opens; a second submit while one runs is ignored.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  dismissLabel = 'Cancel',
  danger = false,
  askReason = true,
  children,
  confirmDisabled = false,
  validate,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const formId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setReason('');
    setMissing(false);
    setError(null);
    setBusy(false);
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    const fieldsOk = validate ? validate() : true;
    const reasonMissing = askReason && !trimmed;
    setMissing(reasonMissing);
    if (!fieldsOk || reasonMissing) return;
    setBusy(true);
    setError(null);
    try {
      const result = await onConfirm(trimmed);
      if (result === false) return;
      onClose();
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {dismissLabel}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={danger ? 'danger' : 'primary'}
            busy={busy}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {description && <div className={styles.description}>{description}</div>}
        {children}
        {askReason && (
          <div className={styles.field}>
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              value={reason}
              rows={3}
              maxLength={300}
              required
              aria-invalid={missing || undefined}
              aria-describedby={`${reasonId}-hint`}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
            />
            <div id={`${reasonId}-hint`} className={missing ? styles.error : styles.hint}>
              {missing ? 'Give a reason: the audit log keeps it.' : 'Kept in the audit log with your name.'}
            </div>
          </div>
        )}
        {error && <Notice tone="danger">{error}</Notice>}
      </form>
    </Dialog>
  );
}

/** A plain "are you sure" for a console action that needs no reason. */
export function ConfirmDialog(props: Omit<ReasonDialogProps, 'askReason'>) {
  return <ReasonDialog {...props} askReason={false} />;
}
