import { useEffect, useId, useState } from 'react';
import { MUTE_CHOICES_MS, MUTE_REASON_MAX } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import type { Outcome } from '../model/session';
import styles from './Composer.module.css';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const durationLabel = (ms: number) =>
  ms >= 86_400_000
    ? plural(ms / 86_400_000, 'day')
    : ms >= 3_600_000
      ? plural(ms / 3_600_000, 'hour')
      : plural(ms / 60_000, 'minute');

/** A chat operator mutes a message's author: for how long, and why (the member is told both). */
export function MuteDialog({
  target,
  onClose,
  onMute,
}: {
  target: { iMessageID: number; sUserName: string } | null;
  onClose(): void;
  onMute(iMessageID: number, durationMs: number | null, reason: string): Promise<Outcome>;
}) {
  const [duration, setDuration] = useState<number | null>(MUTE_CHOICES_MS[1]);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<{ busy: boolean; outcome: Outcome | null }>({ busy: false, outcome: null });
  const reasonId = useId();

  useEffect(() => {
    if (!target) return;
    setDuration(MUTE_CHOICES_MS[1]);
    setReason('');
    setState({ busy: false, outcome: null });
  }, [target]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!target) return;
    setState({ busy: true, outcome: null });
    setState({ busy: false, outcome: await onMute(target.iMessageID, duration, reason.trim()) });
  };

  const done = state.outcome?.ok === true;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={`Mute ${target?.sUserName ?? ''}`}
      footer={
        done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form="chat-mute" variant="danger" busy={state.busy}>
              Mute
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Notice tone="success">{target?.sUserName} is muted. They see why, and until when.</Notice>
      ) : (
        <form id="chat-mute" className={styles.report} onSubmit={submit}>
          <fieldset>
            <legend>For how long?</legend>
            {[...MUTE_CHOICES_MS, null].map((value) => (
              <label key={String(value)} className={styles.reason}>
                <input type="radio" name="duration" checked={duration === value} onChange={() => setDuration(value)} />
                {value === null ? 'Until lifted (CLI: chat unmute)' : durationLabel(value)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={reasonId} className={styles.noteLabel}>
            Reason, shown to the member
          </label>
          <textarea
            id={reasonId}
            className={styles.note}
            value={reason}
            maxLength={MUTE_REASON_MAX}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
          />
          {state.outcome && !state.outcome.ok && <Notice tone="danger">{state.outcome.message}</Notice>}
        </form>
      )}
    </Dialog>
  );
}
