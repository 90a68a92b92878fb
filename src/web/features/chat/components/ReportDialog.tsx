import { useEffect, useId, useState } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import type { Outcome } from '../model/session';
import styles from './Composer.module.css';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or hate',
  spoiler: 'Spoilers',
  scam: 'A scam or phishing',
  other: 'Something else',
};

/** Reporting a message: a reason (and a note) for the operators' queue. */
export function ReportDialog({
  target,
  onClose,
  onReport,
}: {
  target: { iMessageID: number; sUserName: string } | null;
  onClose(): void;
  onReport(iMessageID: number, reason: ReportReason, note: string): Promise<Outcome>;
}) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ busy: boolean; outcome: Outcome | null }>({ busy: false, outcome: null });
  const noteId = useId();

  useEffect(() => {
    if (!target) return;
    setReason('spam');
    setNote('');
    setState({ busy: false, outcome: null });
  }, [target]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setState({ busy: true, outcome: null });
    setState({ busy: false, outcome: await onReport(target.iMessageID, reason, note.trim()) });
  };

  const done = state.outcome?.ok === true;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={`Report a message by ${target?.sUserName ?? ''}`}
      footer={
        done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="chat-report" busy={state.busy}>
              Send report
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Notice tone="success">Thank you. The operators will look at it.</Notice>
      ) : (
        <form id="chat-report" className={styles.report} onSubmit={submit}>
          <fieldset>
            <legend>Why are you reporting it?</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className={styles.reason}>
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {REASON_LABELS[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className={styles.noteLabel}>
            Anything the operators should know? (optional)
          </label>
          <textarea
            id={noteId}
            className={styles.note}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
          />
          {state.outcome && !state.outcome.ok && <Notice tone="danger">{state.outcome.message}</Notice>}
        </form>
      )}
    </Dialog>
  );
}
