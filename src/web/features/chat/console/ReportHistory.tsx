import { useState } from 'react';
import { Link } from 'react-router';
import type { ConsoleResolvedReportRow } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import type { ConsoleError } from '../../../api/console';
import { formatWhen } from '../../../lib/console';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { useReportHistory } from './api';
import styles from './ModerationScreen.module.css';

type Column = ColumnDef<ConsoleResolvedReportRow, unknown>;

const member = (userId: string, username: string) => (
  <Link to={consoleMemberPath(userId)}>{username || 'a member'}</Link>
);

/** The actor as the audit log writes it, without its channel prefix (console:ada@… → ada@…). */
const operatorName = (actor: string) => actor.replace(/^(console|cli):/, '');

const COLUMNS: Column[] = [
  { id: 'report', header: 'Report', cell: ({ row }) => `#${row.original.iReportID}: ${row.original.sReason}` },
  {
    id: 'message',
    header: 'Message',
    cell: ({ row }) => (
      <span className={styles.quote}>
        {member(row.original.sAuthorUserID, row.original.sAuthorUsername)} in #{row.original.sChannelID}: “
        {row.original.sText}”
      </span>
    ),
  },
  {
    id: 'reporter',
    header: 'Reported by',
    cell: ({ row }) => member(row.original.sReporterUserID, row.original.sReporterUsername),
  },
  { id: 'resolution', header: 'Resolved as', cell: ({ row }) => row.original.sResolution },
  { id: 'by', header: 'By', cell: ({ row }) => operatorName(row.original.sResolvedBy) },
  { id: 'when', header: 'When', cell: ({ row }) => formatWhen(row.original.iResolvedAt) },
];

/** Resolved reports (issue 38): who resolved each, how and when, the latest first, a page at a time. */
export function ReportHistory() {
  const [pageIndex, setPageIndex] = useState(0);
  const history = useReportHistory(pageIndex);
  if (history.error) return <Notice tone="danger">{(history.error as ConsoleError).message}</Notice>;
  return (
    <DataTable
      caption="Resolved reports"
      columns={COLUMNS}
      rows={history.data?.aRows ?? []}
      rowId={(row) => String(row.iReportID)}
      busy={history.isPending}
      empty="No resolved reports yet."
      page={{ index: pageIndex, more: history.data?.bMore ?? false, onChange: setPageIndex }}
    />
  );
}
