import type { ConsoleInviteRow } from '../../../../protocol/consoleInvites';
import { formatWhen } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';

/** The codes' columns; with `revoke` (live:manage) a Revoke button on each code still in force. */
export function inviteColumns(revoke?: (invite: ConsoleInviteRow) => void): ColumnDef<ConsoleInviteRow, unknown>[] {
  const columns: ColumnDef<ConsoleInviteRow, unknown>[] = [
    { id: 'code', header: 'Code', cell: ({ row }) => <span className={shared.code}>{row.original.sCode}</span> },
    {
      id: 'uses',
      header: 'Used',
      cell: ({ row }) => {
        const { iUses, iMaxUses } = row.original;
        return `${iUses} of ${iMaxUses} (${Math.max(iMaxUses - iUses, 0)} left)`;
      },
    },
    {
      id: 'usedBy',
      header: 'Used by',
      cell: ({ row }) => {
        const { aUsedBy, iUses } = row.original;
        if (iUses === 0) return '—';
        const more = iUses - aUsedBy.length;
        return (
          <span className={shared.users}>
            {aUsedBy.join(', ')}
            {more > 0 ? ` and ${more} more` : ''}
          </span>
        );
      },
    },
    { id: 'email', header: 'Only for', cell: ({ row }) => row.original.sEmail || 'Anyone' },
    {
      id: 'expires',
      header: 'Expires',
      cell: ({ row }) => (row.original.iExpiresAt ? formatWhen(row.original.iExpiresAt) : 'Never'),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span className={row.original.sState === 'usable' ? shared.usable : shared.spent}>
          {row.original.sState[0]?.toUpperCase()}
          {row.original.sState.slice(1)}
        </span>
      ),
    },
    { id: 'created', header: 'Created', cell: ({ row }) => formatWhen(row.original.iCreatedAt) },
    { id: 'by', header: 'By', cell: ({ row }) => <span className={shared.actor}>{row.original.sCreatedBy}</span> },
  ];
  if (revoke) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.bRevoked ? null : (
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`Revoke ${row.original.sCode}`}
            onClick={() => revoke(row.original)}
          >
            Revoke
          </button>
        ),
    });
  }
  return columns;
}
