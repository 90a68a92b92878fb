import { type ConsoleAnnouncementRow, describeSegment } from '../../../../protocol/announcements';
import { formatWhen } from '../../../lib/console';
import type { ColumnDef } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import styles from './AnnouncementsScreen.module.css';
import { statusText } from './draft';

type Column = ColumnDef<ConsoleAnnouncementRow, unknown>;

/** The row levers of announce:send: cancel a send still under way, send a send's failed mail again. */
export interface RowLevers {
  cancel(row: ConsoleAnnouncementRow): void;
  retryMail(row: ConsoleAnnouncementRow): void;
}

const underWay = (row: ConsoleAnnouncementRow) => row.sStatus === 'scheduled' || row.sStatus === 'sending';
const mailFailed = (row: ConsoleAnnouncementRow) =>
  row.bEmail && row.iMailFailed > 0 && (row.sStatus === 'sending' || row.sStatus === 'sent');

/** The list's columns; with `levers` (announce:send) the buttons of each row that has one to offer. */
export function announcementColumns(names: Map<string, string>, levers?: RowLevers) {
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
  if (!levers) return columns;
  const actions: Column = {
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) => (
      <span className={styles.rowActions}>
        {mailFailed(row.original) && (
          <button
            type="button"
            className={styles.small}
            aria-label={`Send the failed mail of “${row.original.sTitle}” again`}
            onClick={() => levers.retryMail(row.original)}
          >
            Send failed mail again
          </button>
        )}
        {underWay(row.original) && (
          <button
            type="button"
            className={`${styles.small} ${styles.danger}`}
            aria-label={`Cancel “${row.original.sTitle}”`}
            onClick={() => levers.cancel(row.original)}
          >
            Cancel
          </button>
        )}
      </span>
    ),
  };
  return [...columns, actions];
}
