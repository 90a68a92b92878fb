import type {
  ConsoleDailyCapRow,
  ConsoleGrantCapRow,
  ConsoleOperatorRow,
  ConsoleRole,
} from '../../../../protocol/console';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { addBlocked, ExistingOperator } from './ExistingOperator';
import { RoleSelect } from './RoleSelect';

export type Open =
  | { kind: 'add' }
  | { kind: 'role'; operator: ConsoleOperatorRow }
  | { kind: 'remove'; operator: ConsoleOperatorRow }
  | { kind: 'resend'; operator: ConsoleOperatorRow }
  | { kind: 'cap'; cap: CapRow }
  | null;

/** The caps dialog's fields: the largest grant and the two daily totals (empty: none). */
const CAP_FIELDS = [
  { key: 'cap', label: 'Largest grant', hint: 'Points or tickets per grant; empty: no cap.' },
  {
    key: 'dailyAmount',
    label: 'Daily points and tickets',
    hint: 'Per operator per UTC day, together; empty: no daily total.',
  },
  { key: 'dailyItems', label: 'Daily collectibles', hint: 'Minted per operator per UTC day; empty: no daily total.' },
] as const;

/** A role's caps: the largest grant and the daily totals (issue 35; editable here since issue 38). */
export type CapRow = ConsoleGrantCapRow & Omit<ConsoleDailyCapRow, 'sRole'>;

/** The cap dialog's fields as typed; empty: no cap. */
export interface CapDraft {
  cap: string;
  dailyAmount: string;
  dailyItems: string;
}

export const capDraftOf = (row: CapRow): CapDraft => ({
  cap: row.iMaxAmount === null ? '' : String(row.iMaxAmount),
  dailyAmount: row.iDailyAmount === null ? '' : String(row.iDailyAmount),
  dailyItems: row.iDailyItems === null ? '' : String(row.iDailyItems),
});

interface Form {
  email: string;
  emailError: string | null;
  role: ConsoleRole;
  cap: CapDraft;
  capErrors: Partial<Record<keyof CapDraft, string>>;
  /** The typed email's operator, when it is one already. */
  existing: ConsoleOperatorRow | null;
}

function title(open: Open): string {
  if (open?.kind === 'add') return 'Add an operator';
  if (open?.kind === 'role') return `Change the role of ${open.operator.sEmail}`;
  if (open?.kind === 'remove') return `Remove ${open.operator.sEmail}`;
  if (open?.kind === 'resend') return `Resend the welcome to ${open.operator.sEmail}`;
  if (open?.kind === 'cap') return `Grant cap of ${open.cap.sRole}`;
  return '';
}

const CONFIRM = {
  add: 'Add and mail the link',
  remove: 'Remove',
  cap: 'Set cap',
  role: 'Change role',
  resend: 'Mail a new link',
} as const;

/** The Operators screen's one dialog: add, change role, remove, grant cap. */
export function OperatorDialog({
  open,
  dialogOpen,
  form,
  set,
  onChangeRoleInstead,
  validate,
  onClose,
  onConfirm,
}: {
  open: Open;
  dialogOpen: boolean;
  form: Form;
  set: { email(value: string): void; role(value: ConsoleRole): void; cap(value: CapDraft): void };
  onChangeRoleInstead(operator: ConsoleOperatorRow): void;
  validate(): boolean;
  onClose(): void;
  onConfirm(reason: string): Promise<unknown>;
}) {
  const existing = open?.kind === 'add' ? form.existing : null;
  const description =
    open?.kind === 'add' ? (
      <p>The operator gets a mail with a one-time link to set a password and enrol two-factor.</p>
    ) : open?.kind === 'role' ? (
      <p>
        {open.operator.sEmail} is {open.operator.sRole} now; the new role holds from their next console action.
      </p>
    ) : open?.kind === 'remove' ? (
      <p>The account becomes a plain member again: its console sessions end and its second factor is forgotten.</p>
    ) : open?.kind === 'resend' ? (
      <p>
        {open.operator.sEmail} has not set a password yet. A new one-time link to set it and enrol two-factor is mailed;
        the earlier link stops working.
      </p>
    ) : open?.kind === 'cap' ? (
      <p>
        Leave an amount empty for no cap. The daily totals count what each operator of {open.cap.sRole} grants in a UTC
        day; the change holds from their next grant.
      </p>
    ) : undefined;
  return (
    <ReasonDialog
      open={dialogOpen}
      title={title(open)}
      danger={open?.kind === 'remove'}
      confirmLabel={open ? CONFIRM[open.kind] : 'Change role'}
      confirmDisabled={existing !== null && addBlocked(existing, form.role)}
      description={description}
      validate={validate}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {open?.kind === 'add' && (
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          value={form.email}
          error={form.emailError ?? undefined}
          onChange={(event) => set.email(event.target.value)}
        />
      )}
      {(open?.kind === 'add' || open?.kind === 'role') && <RoleSelect value={form.role} onChange={set.role} />}
      {existing && (
        <ExistingOperator operator={existing} role={form.role} onChangeRole={() => onChangeRoleInstead(existing)} />
      )}
      {open?.kind === 'cap' &&
        CAP_FIELDS.map(({ key, label, hint }) => (
          <Field
            key={key}
            label={label}
            inputMode="numeric"
            value={form.cap[key]}
            error={form.capErrors[key]}
            hint={hint}
            onChange={(event) => set.cap({ ...form.cap, [key]: event.target.value })}
          />
        ))}
    </ReasonDialog>
  );
}
