import type { ConsoleGrantCapRow, ConsoleOperatorRow, ConsoleRole } from '../../../../protocol/console';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { addBlocked, ExistingOperator } from './ExistingOperator';
import { RoleSelect } from './RoleSelect';

export type Open =
  | { kind: 'add' }
  | { kind: 'role'; operator: ConsoleOperatorRow }
  | { kind: 'remove'; operator: ConsoleOperatorRow }
  | { kind: 'cap'; cap: ConsoleGrantCapRow }
  | null;

interface Form {
  email: string;
  emailError: string | null;
  role: ConsoleRole;
  cap: string;
  capError: string | null;
  /** The typed email's operator, when it is one already. */
  existing: ConsoleOperatorRow | null;
}

function title(open: Open): string {
  if (open?.kind === 'add') return 'Add an operator';
  if (open?.kind === 'role') return `Change the role of ${open.operator.sEmail}`;
  if (open?.kind === 'remove') return `Remove ${open.operator.sEmail}`;
  if (open?.kind === 'cap') return `Grant cap of ${open.cap.sRole}`;
  return '';
}

const CONFIRM = { add: 'Add and mail the link', remove: 'Remove', cap: 'Set cap', role: 'Change role' } as const;

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
  set: { email(value: string): void; role(value: ConsoleRole): void; cap(value: string): void };
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
    ) : open?.kind === 'cap' ? (
      <p>Leave the amount empty for no cap.</p>
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
      {open?.kind === 'cap' && (
        <Field
          label="Largest grant"
          inputMode="numeric"
          value={form.cap}
          error={form.capError ?? undefined}
          hint="Points or tickets per grant; empty: no cap."
          onChange={(event) => set.cap(event.target.value)}
        />
      )}
    </ReasonDialog>
  );
}
