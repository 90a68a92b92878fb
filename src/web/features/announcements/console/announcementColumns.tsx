import { type ConsoleAnnouncementRow, describeSegment } from '../../../../protocol/announcements';
import { formatWhen } from '../../../lib/console';
import type { ColumnDef } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import styles from './AnnouncementsScreen.module.css';
import { statusText } from './draft';

type Column = ColumnDef<ConsoleAnnouncementRow, unknown>;

/** The list's columns; with `onCancel` (announce:send) a Cancel button on each send still under way. */
export function announcementColumns(names: Map<string, string>, onCancel?: (row: ConsoleAnnouncementRow) => void) {
  const columns: Column[] = [
    { id: 'title', header: 'Title', cell: ({ row }) => <span className={styles.wrap}>{row.original.sTitle}</span> },
    {
      id: 'audience',
      header: 'Audience',
      cell: ({ row }) => (
        <span className={styles.wrap}>
          {describeSegment(row.original.pSegment, (id) => names.get(id) ?? id)}
          {row.original.bEmail && <span className={styles.muted}> · email</span>}
        </span>
      ),
    },
    { id: 'when', header: 'When', cell: ({ row }) => formatWhen(row.original.iSendAt) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <span className={styles[row.original.sStatus]}>{statusText(row.original)}</span>,
    },
    {
      id: 'emailed',
      header: 'Emails',
      cell: ({ row }) =>
        row.original.bEmail ? (
          <>
            {formatCount(row.original.iEmailed)}
            {row.original.iMailFailed > 0 && (
              <span className={styles.danger}> · {formatCount(row.original.iMailFailed)} failed</span>
            )}
          </>
        ) : (
          '—'
        ),
    },
    { id: 'by', header: 'By', cell: ({ row }) => row.original.sCreatedBy },
  ];
  if (!onCancel) return columns;
  const actions: Column = {
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) =>
      row.original.sStatus === 'scheduled' || row.original.sStatus === 'sending' ? (
        <button
          type="button"
          className={`${styles.small} ${styles.danger}`}
          aria-label={`Cancel “${row.original.sTitle}”`}
          onClick={() => onCancel(row.original)}
        >
          Cancel
        </button>
      ) : null,
  };
  return [...columns, actions];
}
