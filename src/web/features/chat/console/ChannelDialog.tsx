import type { ConsoleChannelRow, ConsoleChatOperatorRow } from '../../../../protocol/chat';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';

/** What the reason dialog confirms. */
export type ChannelOpen =
  | { kind: 'add' }
  | { kind: 'edit'; channel: ConsoleChannelRow }
  | { kind: 'slow'; channel: ConsoleChannelRow }
  | { kind: 'archive'; channel: ConsoleChannelRow }
  | { kind: 'restore'; channel: ConsoleChannelRow }
  | { kind: 'operatorAdd'; member: string }
  | { kind: 'operatorRemove'; operator: ConsoleChatOperatorRow }
  | null;

/** The dialog's fields as typed (slow mode in whole seconds, as text until confirmed). */
export interface ChannelForm {
  id: string;
  name: string;
  topic: string;
  slow: string;
}

function titleOf(open: ChannelOpen): string {
  if (!open) return '';
  switch (open.kind) {
    case 'add':
      return 'Add a channel';
    case 'edit':
      return `Edit #${open.channel.sChannelID}`;
    case 'slow':
      return `Slow mode of #${open.channel.sChannelID}`;
    case 'archive':
      return `Archive #${open.channel.sChannelID}`;
    case 'restore':
      return `Restore #${open.channel.sChannelID}`;
    case 'operatorAdd':
      return `Make ${open.member} a chat operator`;
    case 'operatorRemove':
      return `Remove ${open.operator.sUsername} as chat operator`;
  }
}

const CONFIRM_LABELS: Partial<Record<NonNullable<ChannelOpen>['kind'], string>> = {
  add: 'Add channel',
  archive: 'Archive',
  restore: 'Restore',
  operatorAdd: 'Make chat operator',
  operatorRemove: 'Remove',
};

interface Props {
  open: ChannelOpen;
  dialogOpen: boolean;
  form: ChannelForm;
  onForm: (patch: Partial<ChannelForm>) => void;
  slowError: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The screen's one reason dialog, with the fields its lever needs (id, name, topic, slow mode). */
export function ChannelDialog({ open, dialogOpen, form, onForm, slowError, onClose, onConfirm }: Props) {
  return (
    <ReasonDialog
      open={dialogOpen}
      title={titleOf(open)}
      danger={open?.kind === 'archive' || open?.kind === 'operatorRemove'}
      confirmLabel={(open && CONFIRM_LABELS[open.kind]) ?? 'Save'}
      description={
        open?.kind === 'archive' ? (
          <p>Members no longer see the channel; its history is kept and it can be restored.</p>
        ) : undefined
      }
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {open?.kind === 'add' && (
        <>
          <Field
            label="Channel id"
            value={form.id}
            autoComplete="off"
            hint="2–32 lower-case letters, digits or -; it shows as #id."
            onChange={(e) => onForm({ id: e.target.value })}
          />
          <Field
            label="Name"
            value={form.name}
            hint="Empty: the id."
            onChange={(e) => onForm({ name: e.target.value })}
          />
        </>
      )}
      {open?.kind === 'edit' && (
        <Field label="Name" value={form.name} onChange={(e) => onForm({ name: e.target.value })} />
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <Field label="Topic" value={form.topic} onChange={(e) => onForm({ topic: e.target.value })} />
      )}
      {(open?.kind === 'add' || open?.kind === 'slow') && (
        <Field
          label="Slow mode (seconds)"
          inputMode="numeric"
          value={form.slow}
          error={slowError ?? undefined}
          hint="One message per member per this many seconds; 0: off."
          onChange={(e) => onForm({ slow: e.target.value })}
        />
      )}
    </ReasonDialog>
  );
}
