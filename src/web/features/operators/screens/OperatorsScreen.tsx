import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  CONSOLE_ROLES,
  type ConsoleGrantCapRow,
  type ConsoleGrantCapSetAnswer,
  type ConsoleOperatorAddAnswer,
  type ConsoleOperatorChangeAnswer,
  type ConsoleOperatorRow,
  type ConsoleOperatorsListAnswer,
  type ConsoleRole,
} from '../../../../protocol/console';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle, useOperator } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { useFreshConfirmation } from '../../../ui/ConfirmIdentityDialog';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './ConsoleScreens.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ROLE_WORDS: Record<ConsoleRole, string> = {
  admin: 'everything, including operators and grant caps',
  moderator: 'chat reports, mutes, bans, notes; reads members',
  support: 'reads members, account help, grants up to the cap, notes',
  viewer: 'reads everything, changes nothing',
};

type Open =
  | { kind: 'add' }
  | { kind: 'role'; operator: ConsoleOperatorRow }
  | { kind: 'remove'; operator: ConsoleOperatorRow }
  | { kind: 'cap'; cap: ConsoleGrantCapRow }
  | null;

function RoleSelect({ value, onChange }: { value: ConsoleRole; onChange(role: ConsoleRole): void }) {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id}>Role</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as ConsoleRole)}
      >
        {CONSOLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className={shared.muted}>
        {ROLE_WORDS[value]}
      </span>
    </div>
  );
}

/** Operators and their roles, and the per-role grant caps (issue 27; admins, operator:manage). */
export default function OperatorsScreen() {
  useConsoleTitle('Operators');
  const queries = useQueryClient();
  const me = useOperator().data;
  const list = useQuery({
    queryKey: ['console', 'operators'],
    queryFn: ({ signal }) => consoleCall<ConsoleOperatorsListAnswer>('operatorsList', {}, signal),
  });
  // What the dialog shows stays while it plays its closing animation.
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [role, setRole] = useState<ConsoleRole>('support');
  const [cap, setCap] = useState('');
  const [capError, setCapError] = useState<string | null>(null);
  const confirmation = useFreshConfirmation({
    askCode: true,
    needsConfirmation: (failure) => failure instanceof ConsoleError && failure.code === ErrorCode.CONFIRMATION_REQUIRED,
    async confirm(sPassword, sCode) {
      await consoleCall('confirmIdentity', { sPassword, sCode });
    },
  });

  function show(next: Open) {
    setDone(null);
    setEmailError(null);
    setCapError(null);
    if (next?.kind === 'add') {
      setEmail('');
      setRole('support');
    }
    if (next?.kind === 'role') setRole(next.operator.sRole);
    if (next?.kind === 'cap') setCap(next.cap.iMaxAmount === null ? '' : String(next.cap.iMaxAmount));
    setOpen(next);
    setDialogOpen(next !== null);
  }

  const refresh = () => queries.invalidateQueries({ queryKey: ['console', 'operators'] });

  async function confirm(reason: string) {
    if (!open) return;
    // Role and cap changes need the console session confirmed afresh (issue 35): asked when the server says so.
    return confirmation.run(() => change(reason));
  }

  async function change(reason: string) {
    if (!open) return;
    if (open.kind === 'add') {
      if (!EMAIL.test(email.trim())) {
        setEmailError('Enter the operator’s email address.');
        return false;
      }
      const added = await consoleCall<ConsoleOperatorAddAnswer>('operatorAdd', {
        sEmail: email.trim(),
        sRole: role,
        sReason: reason,
      });
      const who = added.pOperator.sEmail;
      setDone(
        `${added.bCreated ? 'Added' : 'Promoted'} ${who} as ${added.pOperator.sRole}. A link to set the password and enrol two-factor was mailed to ${who}.`,
      );
    } else if (open.kind === 'role') {
      const changed = await consoleCall<ConsoleOperatorChangeAnswer>('operatorSetRole', {
        sEmail: open.operator.sEmail,
        sRole: role,
        sReason: reason,
      });
      setDone(`${open.operator.sEmail}: ${changed.sFromRole} → ${role}.`);
    } else if (open.kind === 'remove') {
      await consoleCall<ConsoleOperatorChangeAnswer>('operatorRemove', {
        sEmail: open.operator.sEmail,
        sReason: reason,
      });
      setDone(`${open.operator.sEmail} is no longer an operator; their console sessions ended.`);
    } else {
      const typed = cap.trim();
      if (typed && !/^\d+$/.test(typed)) {
        setCapError('A whole number of points or tickets, or empty for no cap.');
        return false;
      }
      await consoleCall<ConsoleGrantCapSetAnswer>('grantCapSet', {
        sRole: open.cap.sRole,
        iMaxAmount: typed ? Number(typed) : -1,
        sReason: reason,
      });
      setDone(`Grant cap of ${open.cap.sRole}: ${typed ? formatCount(Number(typed)) : 'no cap'}.`);
    }
    await refresh();
  }

  const operatorColumns: ColumnDef<ConsoleOperatorRow, unknown>[] = [
    {
      id: 'email',
      header: 'Email',
      cell: ({ row }) => (
        <>
          {row.original.sEmail}
          {row.original.sUserId === me?.sUserId && <span className={shared.muted}> (you)</span>}
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: ({ row }) => row.original.sRole },
    {
      id: 'twoFactor',
      header: 'Two-factor',
      cell: ({ row }) =>
        row.original.bTwoFactor ? (
          <span className={styles.on}>Enrolled</span>
        ) : (
          <span className={styles.off}>Not yet (invited)</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <div className={shared.rowActions}>
          <button
            type="button"
            className={shared.small}
            aria-label={`Change role of ${row.original.sEmail}`}
            onClick={() => show({ kind: 'role', operator: row.original })}
          >
            Change role
          </button>
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`Remove ${row.original.sEmail}`}
            onClick={() => show({ kind: 'remove', operator: row.original })}
          >
            Remove
          </button>
        </div>
      ),
    },
  ];

  const capColumns: ColumnDef<ConsoleGrantCapRow, unknown>[] = [
    { id: 'role', header: 'Role', cell: ({ row }) => row.original.sRole },
    {
      id: 'cap',
      header: 'Largest grant',
      cell: ({ row }) => (row.original.iMaxAmount === null ? 'No cap' : formatCount(row.original.iMaxAmount)),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <button
          type="button"
          className={shared.small}
          aria-label={`Change the grant cap of ${row.original.sRole}`}
          onClick={() => show({ kind: 'cap', cap: row.original })}
        >
          Change
        </button>
      ),
    },
  ];

  if (list.error) {
    return (
      <div className={`${shared.screen} ${styles.screen}`}>
        <PageHeader title="Operators" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
        <p className={shared.muted}>Only admins manage operators and grant caps.</p>
      </div>
    );
  }

  const title =
    open?.kind === 'add'
      ? 'Add an operator'
      : open?.kind === 'role'
        ? `Change the role of ${open.operator.sEmail}`
        : open?.kind === 'remove'
          ? `Remove ${open.operator.sEmail}`
          : open?.kind === 'cap'
            ? `Grant cap of ${open.cap.sRole}`
            : '';

  return (
    <div className={`${shared.screen} ${styles.screen}`}>
      <PageHeader
        title="Operators"
        subtitle="Who may use the console, with which role; two-factor is required of everyone."
        actions={<Button onClick={() => show({ kind: 'add' })}>Add operator</Button>}
      />
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption={list.data ? `Operators (${list.data.iTotal})` : 'Operators'}
        columns={operatorColumns}
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sUserId}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No operators.'}
      />
      <section className={shared.section} aria-labelledby="caps-title">
        <h2 id="caps-title">Grant caps</h2>
        <p className={shared.muted}>
          The largest amount of points or tickets one operator of a role may grant at once (the server refuses more).
        </p>
        <DataTable
          caption="Grant caps per role"
          columns={capColumns}
          rows={list.data?.aGrantCaps ?? []}
          rowId={(row) => row.sRole}
          busy={list.isFetching}
        />
      </section>
      <ReasonDialog
        open={dialogOpen}
        title={title}
        danger={open?.kind === 'remove'}
        confirmLabel={
          open?.kind === 'add'
            ? 'Add and mail the link'
            : open?.kind === 'remove'
              ? 'Remove'
              : open?.kind === 'cap'
                ? 'Set cap'
                : 'Change role'
        }
        description={
          open?.kind === 'add' ? (
            <p>The operator gets a mail with a one-time link to set a password and enrol two-factor.</p>
          ) : open?.kind === 'remove' ? (
            <p>
              The account becomes a plain member again: its console sessions end and its second factor is forgotten.
            </p>
          ) : open?.kind === 'cap' ? (
            <p>Leave the amount empty for no cap.</p>
          ) : undefined
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open?.kind === 'add' && (
          <Field
            label="Email"
            type="email"
            autoComplete="off"
            value={email}
            error={emailError ?? undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
        {(open?.kind === 'add' || open?.kind === 'role') && <RoleSelect value={role} onChange={setRole} />}
        {open?.kind === 'cap' && (
          <Field
            label="Largest grant"
            inputMode="numeric"
            value={cap}
            error={capError ?? undefined}
            hint="Points or tickets per grant; empty: no cap."
            onChange={(event) => setCap(event.target.value)}
          />
        )}
      </ReasonDialog>
      {confirmation.dialog}
    </div>
  );
}
