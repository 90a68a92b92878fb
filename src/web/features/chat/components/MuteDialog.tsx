import { useEffect, useState } from 'react';
import { MUTE_CHOICES_MS, MUTE_REASON_MAX } from '../../../../protocol/chat';
import type { Outcome } from '../model/session';
import styles from './Composer.module.css';
import { MessageFormDialog } from './MessageFormDialog';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const durationLabel = (ms: number) =>
  ms >= 86_400_000
    ? plural(ms / 86_400_000, 'day')
    : ms >= 3_600_000
      ? plural(ms / 3_600_000, 'hour')
      : plural(ms / 60_000, 'minute');

type Target = { iMessageID: number; sUserName: string };

/** A chat operator mutes a message's author: for how long, and why (the member is told both). */
export function MuteDialog({
  target,
  onClose,
  onMute,
}: {
  target: Target | null;
  onClose(): void;
  onMute(iMessageID: number, durationMs: number | null, reason: string): Promise<Outcome>;
}) {
  const [duration, setDuration] = useState<number | null>(MUTE_CHOICES_MS[1]);
  useEffect(() => {
    if (target) setDuration(MUTE_CHOICES_MS[1]);
  }, [target]);

  return (
    <MessageFormDialog
      target={target}
      title={`Mute ${target?.sUserName ?? ''}`}
      legend="For how long?"
      choices={[...MUTE_CHOICES_MS, null].map((value) => (
        <label key={String(value)} className={styles.reason}>
          <input type="radio" name="duration" checked={duration === value} onChange={() => setDuration(value)} />
          {value === null ? 'Until lifted (CLI: chat unmute)' : durationLabel(value)}
        </label>
      ))}
      noteLabel="Reason, shown to the member"
      noteMax={MUTE_REASON_MAX}
      noteRows={2}
      submitLabel="Mute"
      danger
      successText={`${target?.sUserName ?? ''} is muted. They see why, and until when.`}
      onClose={onClose}
      onSubmit={(muted, reason) => onMute(muted.iMessageID, duration, reason)}
    />
  );
}
