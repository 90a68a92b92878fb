import type { ConsoleStoreItem } from '../../../../protocol/store';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { ReasonDialog } from '../../../ui/ReasonDialog';

/** What the reason dialog confirms: saving the editor, or a lever on one item. */
export type Open =
  | { kind: 'restock'; item: ConsoleStoreItem }
  | { kind: 'retire'; item: ConsoleStoreItem }
  | { kind: 'restore'; item: ConsoleStoreItem }
  | { kind: 'save' }
  | null;

interface Props {
  open: Open;
  dialogOpen: boolean;
  /** The item in the editor (null: a new one); its save is what `save` confirms. */
  item: ConsoleStoreItem | null;
  /** The new item's name or id, for the title. */
  newName: string;
  units: string;
  unitsError: string | null;
  onUnits: (units: string) => void;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

function titleOf(open: Open, item: ConsoleStoreItem | null, newName: string): string {
  if (!open) return '';
  if (open.kind === 'save') return item ? `Save changes to ${item.sName}` : `Add ${newName}`;
  if (open.kind === 'restock') return `Restock ${open.item.sName}`;
  if (open.kind === 'retire') return `Retire ${open.item.sName}`;
  return `Put ${open.item.sName} back on sale`;
}

const CONFIRM_LABELS = { restock: 'Restock', retire: 'Retire', restore: 'Restore' } as const;

/** The catalogue's one reason dialog: saving, restocking (with the units), retiring or restoring. */
export function StoreItemDialog({
  open,
  dialogOpen,
  item,
  newName,
  units,
  unitsError,
  onUnits,
  onClose,
  onConfirm,
}: Props) {
  return (
    <ReasonDialog
      open={dialogOpen}
      title={titleOf(open, item, newName)}
      danger={open?.kind === 'retire'}
      confirmLabel={open?.kind === 'save' ? (item ? 'Save' : 'Add') : CONFIRM_LABELS[open?.kind ?? 'restore']}
      description={
        open?.kind === 'retire' ? (
          <p>Members no longer see it; what they bought stays theirs. You can put it back on sale later.</p>
        ) : open?.kind === 'save' && !item ? (
          <p>Every member hears of a new item once, in their notifications.</p>
        ) : undefined
      }
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {open?.kind === 'restock' && (
        <Field
          label="Units to add"
          inputMode="numeric"
          value={units}
          error={unitsError ?? undefined}
          hint={`Now ${formatCount(open.item.iStock ?? 0)} in stock.`}
          onChange={(e) => onUnits(e.target.value)}
        />
      )}
    </ReasonDialog>
  );
}
