import { useState } from 'react';
import type { ConsoleOperatorRow, ConsoleRole } from '../../../../protocol/console';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperator } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { useFreshConfirmation } from '../../../ui/ConfirmIdentityDialog';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import {
  addOperator,
  confirmConsoleIdentity,
  removeOperator,
  resendWelcome,
  setGrantCap,
  setOperatorRole,
  useOperatorsList,
  useRefreshOperators,
} from './api';
import styles from './ConsoleScreens.module.css';
import { addBlocked } from './ExistingOperator';
import { type CapDraft, type CapRow, capDraftOf, type Open, OperatorDialog } from './OperatorDialog';
import { capColumns, operatorColumns } from './operatorColumns';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const NO_CAPS: CapDraft = { cap: '', dailyAmount: '', dailyItems: '' };

/** The add and cap dialogs' field errors (null or absent: fine). */
function fieldErrors(open: Open, email: string, cap: CapDraft) {
  const capErrors: Partial<Record<keyof CapDraft, string>> = {};
  if (open?.kind === 'cap')
    for (const key of Object.keys(cap) as Array<keyof CapDraft>)
      if (cap[key].trim() && !/^\d+$/.test(cap[key].trim())) capErrors[key] = 'A whole number, or empty for no cap.';
  return {
    email: open?.kind === 'add' && !EMAIL.test(email.trim()) ? 'Enter the operator’s email address.' : null,
    capErrors,
  };
}

/** A typed cap as the wire's number: -1 for none. */
const capNumber = (text: string) => (text.trim() ? Number(text.trim()) : -1);
const capWords = (text: string) => (text.trim() ? formatCount(Number(text.trim())) : 'none');

/** Changes a role, removes an operator or sets a grant cap; answers the sentence that says so. */
async function applyLever(
  open: Exclude<Open, null | { kind: 'add' }>,
  role: ConsoleRole,
  cap: CapDraft,
  reason: string,
) {
  if (open.kind === 'role') {
    const changed = await setOperatorRole(open.operator.sEmail, role, reason);
    return `${open.operator.sEmail}: ${changed.sFromRole} → ${role}.`;
  }
  if (open.kind === 'remove') {
    await removeOperator(open.operator.sEmail, reason);
    return `${open.operator.sEmail} is no longer an operator; their console sessions ended.`;
  }
  if (open.kind === 'resend') {
    await resendWelcome(open.operator.sEmail, reason);
    return `A new link to set the password and enrol two-factor was mailed to ${open.operator.sEmail}.`;
  }
  await setGrantCap(
    open.cap.sRole,
    {
      iMaxAmount: capNumber(cap.cap),
      iDailyAmount: capNumber(cap.dailyAmount),
      iDailyItems: capNumber(cap.dailyItems),
    },
    reason,
  );
  return `Caps of ${open.cap.sRole}: largest grant ${capWords(cap.cap)}, a day ${capWords(cap.dailyAmount)} points and tickets, ${capWords(cap.dailyItems)} collectibles.`;
}

/** Operators and their roles, and the per-role grant caps (issue 27; admins, operator:manage). */
export default function OperatorsScreen() {
  useConsoleTitle('Operators');
  const me = useOperator().data;
  const list = useOperatorsList();
  const refresh = useRefreshOperators();
  // What the dialog shows stays while it plays its closing animation.
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [role, setRole] = useState<ConsoleRole>('support');
  const [cap, setCap] = useState<CapDraft>(NO_CAPS);
  const [capErrors, setCapErrors] = useState<Partial<Record<keyof CapDraft, string>>>({});
  // The typed email's operator, when it is one already (issue 38): the dialog says so before any change.
  const existing = list.data?.aRows.find((row) => row.sEmail === email.trim().toLowerCase()) ?? null;
  const confirmation = useFreshConfirmation({
    askCode: true,
    needsConfirmation: (failure) => failure instanceof ConsoleError && failure.code === ErrorCode.CONFIRMATION_REQUIRED,
    async confirm(sPassword, sCode) {
      await confirmConsoleIdentity(sPassword, sCode);
    },
  });

  function show(next: Open) {
    setDone(null);
    setEmailError(null);
    setCapErrors({});
    if (next?.kind === 'add') {
      setEmail('');
      setRole('support');
    }
    if (next?.kind === 'cap') setCap(capDraftOf(next.cap));
    setOpen(next);
    setDialogOpen(next !== null);
  }

  /** The dialog's own fields, checked on the same submit as the reason (every error at once). */
  function validate(): boolean {
    const errors = fieldErrors(open, email, cap);
    setEmailError(errors.email);
    setCapErrors(errors.capErrors);
    return !errors.email && Object.keys(errors.capErrors).length === 0;
  }

  async function add(reason: string) {
    if (existing && addBlocked(existing, role)) return false;
    try {
      const added = await addOperator(email.trim(), role, reason);
      const who = added.pOperator.sEmail;
      const how = added.bCreated ? 'Added' : existing ? 'Mailed a fresh link to' : 'Promoted';
      setDone(
        `${how} ${who} as ${added.pOperator.sRole}. A link to set the password and enrol two-factor was mailed to ${who}.`,
      );
    } catch (error) {
      // Added meanwhile by someone else: the list learns them, and the dialog shows who they are.
      if (error instanceof ConsoleError && error.code === ErrorCode.CONSOLE_OPERATOR_EXISTS) {
        await refresh();
        return false;
      }
      throw error;
    }
  }

  async function confirm(reason: string) {
    if (!open) return;
    // Role and cap changes need the console session confirmed afresh (issue 35): asked when the server says so.
    return confirmation.run(() => change(reason));
  }

  async function change(reason: string) {
    if (!open) return;
    if (open.kind === 'add') {
      if ((await add(reason)) === false) return false;
    } else {
      setDone(await applyLever(open, role, cap, reason));
    }
    await refresh();
  }

  if (list.error) {
    return (
      <div className={`${shared.screen} ${styles.screen}`}>
        <PageHeader title="Operators" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
        <p className={shared.muted}>Only admins manage operators and grant caps.</p>
      </div>
    );
  }

  const roleOf = (operator: ConsoleOperatorRow) => {
    setRole(operator.sRole);
    show({ kind: 'role', operator });
  };

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
        columns={operatorColumns(me?.sUserId, {
          role: roleOf,
          remove: (operator) => show({ kind: 'remove', operator }),
          resend: (operator) => show({ kind: 'resend', operator }),
        })}
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sUserId}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No operators.'}
      />
      <section className={shared.section} aria-labelledby="caps-title">
        <h2 id="caps-title">Grant caps</h2>
        <p className={shared.muted}>
          The largest amount of points or tickets one operator of a role may grant at once, and what each may grant in a
          UTC day (the server refuses more, saying what is left).
        </p>
        <DataTable
          caption="Grant caps per role"
          columns={capColumns((row: CapRow) => show({ kind: 'cap', cap: row }))}
          rows={(list.data?.aGrantCaps ?? []).map((row) => {
            const daily = list.data?.aDailyCaps.find((d) => d.sRole === row.sRole);
            return { ...row, iDailyAmount: daily?.iDailyAmount ?? null, iDailyItems: daily?.iDailyItems ?? null };
          })}
          rowId={(row) => row.sRole}
          busy={list.isFetching}
        />
      </section>
      <OperatorDialog
        open={open}
        dialogOpen={dialogOpen}
        form={{ email, emailError, role, cap, capErrors, existing }}
        set={{ email: setEmail, role: setRole, cap: setCap }}
        // Asked for by name: the role dialog of the operator the email belongs to, the chosen role kept.
        onChangeRoleInstead={(operator) => show({ kind: 'role', operator })}
        validate={validate}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
      {confirmation.dialog}
    </div>
  );
}
