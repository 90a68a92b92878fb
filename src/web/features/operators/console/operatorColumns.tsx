import type { ConsoleOperatorRow } from '../../../../protocol/console';
import { formatWhen } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import styles from './ConsoleScreens.module.css';
import type { CapRow } from './OperatorDialog';

/** The operators table: email (you marked), role, two-factor, last sign-in, and the row's levers. */
export function operatorColumns(
  myId: string | undefined,
  on: {
    role(operator: ConsoleOperatorRow): void;
    remove(operator: ConsoleOperatorRow): void;
    resend(operator: ConsoleOperatorRow): void;
  },
): ColumnDef<ConsoleOperatorRow, unknown>[] {
  return [
    {
      id: 'email',
      header: 'Email',
      cell: ({ row }) => (
        <>
          {row.original.sEmail}
          {row.original.sUserId === myId && <span className={shared.muted}> (you)</span>}
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
      id: 'lastSignIn',
      header: 'Last sign-in',
      cell: ({ row }) =>
        row.original.iLastSignInAt ? (
          <span className={styles.lastSignIn}>{formatWhen(row.original.iLastSignInAt)}</span>
        ) : (
          <span className={shared.muted}>{row.original.bPasswordSet ? 'Never' : 'Never (no password yet)'}</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <div className={shared.rowActions}>
          {!row.original.bPasswordSet && !row.original.bTwoFactor && !row.original.iLastSignInAt && (
            <button type="button" className={shared.small} onClick={() => on.resend(row.original)}>
              Resend welcome<span className="visually-hidden"> to {row.original.sEmail}</span>
            </button>
          )}
          <button type="button" className={shared.small} onClick={() => on.role(row.original)}>
            Change role<span className="visually-hidden"> of {row.original.sEmail}</span>
          </button>
          <button type="button" className={`${shared.small} ${shared.danger}`} onClick={() => on.remove(row.original)}>
            Remove<span className="visually-hidden"> {row.original.sEmail}</span>
          </button>
        </div>
      ),
    },
  ];
}

const capText = (n: number | null) => (n === null ? 'No cap' : formatCount(n));

/** The grant caps table: role, largest grant, the daily totals, change. */
export function capColumns(onChange: (cap: CapRow) => void): ColumnDef<CapRow, unknown>[] {
  return [
    { id: 'role', header: 'Role', cell: ({ row }) => row.original.sRole },
    { id: 'cap', header: 'Largest grant', cell: ({ row }) => capText(row.original.iMaxAmount) },
    { id: 'daily', header: 'A day: points and tickets', cell: ({ row }) => capText(row.original.iDailyAmount) },
    { id: 'dailyItems', header: 'A day: collectibles', cell: ({ row }) => capText(row.original.iDailyItems) },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <button type="button" className={shared.small} onClick={() => onChange(row.original)}>
          Change<span className="visually-hidden"> the grant cap of {row.original.sRole}</span>
        </button>
      ),
    },
  ];
}
