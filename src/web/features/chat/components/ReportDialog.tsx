import { useEffect, useState } from 'react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '../../../../protocol/chat';
import type { Outcome } from '../model/session';
import styles from './Composer.module.css';
import { MessageFormDialog } from './MessageFormDialog';

const REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or hate',
  spoiler: 'Spoilers',
  scam: 'A scam or phishing',
  other: 'Something else',
};

type Target = { iMessageID: number; sUserName: string };

/** Reporting a message: a reason (and a note) for the operators' queue. */
export function ReportDialog({
  target,
  onClose,
  onReport,
}: {
  target: Target | null;
  onClose(): void;
  onReport(iMessageID: number, reason: ReportReason, note: string): Promise<Outcome>;
}) {
  const [reason, setReason] = useState<ReportReason>('spam');
  useEffect(() => {
    if (target) setReason('spam');
  }, [target]);

  return (
    <MessageFormDialog
      target={target}
      title={`Report a message by ${target?.sUserName ?? ''}`}
      legend="Why are you reporting it?"
      choices={REPORT_REASONS.map((value) => (
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
      noteLabel="Anything the operators should know? (optional)"
      noteMax={REPORT_NOTE_MAX}
      noteRows={3}
      submitLabel="Send report"
      successText="Thank you. The operators will look at it."
      onClose={onClose}
      onSubmit={(reported, note) => onReport(reported.iMessageID, reason, note)}
    />
  );
}
