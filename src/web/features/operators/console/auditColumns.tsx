import { Link } from 'react-router';
import type { ConsoleAuditRow } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import shared from '../../../ui/ConsoleScreen.module.css';
import { When } from '../../../ui/ConsoleTime';
import type { ColumnDef } from '../../../ui/DataTable';
import { batchSearch } from './auditFilters';
import styles from './ConsoleScreens.module.css';

const DETAIL_MAX = 160;

/**
 * What the audit table shows (issue 38): an entry, or a bulk lever's batch (the entries of this
 * page whose detail carries one `batchId`, decision 0244) as one row that opens to its entries.
 */
export type AuditDisplayRow =
  | { kind: 'entry'; row: ConsoleAuditRow; batched: boolean }
  | { kind: 'batch'; batchId: string; rows: ConsoleAuditRow[]; open: boolean };

const detailField = (detail: unknown, key: string): unknown =>
  detail && typeof detail === 'object' ? (detail as Record<string, unknown>)[key] : undefined;

export const batchIdOf = (row: ConsoleAuditRow): string | null => {
  const id = detailField(row.pDetail, 'batchId');
  return typeof id === 'string' && id ? id : null;
};

function reasonOf(detail: unknown): string {
  const reason = detailField(detail, 'reason');
  return typeof reason === 'string' ? reason : '';
}

/** The entry's other details, compact: `key: value` pairs (the reason has its own column, a batch its row). */
function detailsOf(detail: unknown): string {
  if (detail === null || detail === undefined || detail === '') return '';
  if (typeof detail !== 'object') return String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .filter(
      ([key, value]) => key !== 'reason' && key !== 'batchId' && value !== null && value !== undefined && value !== '',
    )
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/**
 * The page's entries with each batch folded into one row where its first entry stands (newest
 * first); an open batch is followed by its entries. A batch cut by the page's edge shows the part
 * on this page.
 */
export function displayRows(rows: readonly ConsoleAuditRow[], open: ReadonlySet<string>): AuditDisplayRow[] {
  const batches = new Map<string, ConsoleAuditRow[]>();
  for (const row of rows) {
    const id = batchIdOf(row);
    if (id) batches.set(id, [...(batches.get(id) ?? []), row]);
  }
  const shown: AuditDisplayRow[] = [];
  const placed = new Set<string>();
  for (const row of rows) {
    const id = batchIdOf(row);
    const members = id ? (batches.get(id) ?? []) : [];
    if (!id || members.length < 2) {
      shown.push({ kind: 'entry', row, batched: false });
      continue;
    }
    if (placed.has(id)) continue;
    placed.add(id);
    shown.push({ kind: 'batch', batchId: id, rows: members, open: open.has(id) });
    if (open.has(id)) for (const member of members) shown.push({ kind: 'entry', row: member, batched: true });
  }
  return shown;
}

export const displayRowId = (row: AuditDisplayRow) =>
  row.kind === 'batch' ? `batch-${row.batchId}` : String(row.row.iId);

/** "Bulk member.mute": the lever the batch applied (its refusals are `console.refused`). */
function batchSummary(rows: readonly ConsoleAuditRow[]) {
  const done = rows.filter((row) => row.sAction !== 'console.refused');
  const action = (done[0] ?? rows[0])?.sAction ?? '';
  const refusedAction = detailField(rows.find((row) => row.sAction === 'console.refused')?.pDetail, 'action');
  const members = new Set(rows.map((row) => row.sMemberId ?? detailField(row.pDetail, 'code') ?? row.iId)).size;
  const onMembers = rows.some((row) => row.sMemberId);
  return {
    noun: onMembers ? 'member' : 'code',
    action: done.length > 0 ? action : typeof refusedAction === 'string' ? refusedAction : action,
    members,
    refused: rows.length - done.length,
    reason: rows.map((row) => reasonOf(row.pDetail)).find(Boolean) ?? '',
  };
}

/** The audit table's columns over entries and batches; `toggle` opens or closes a batch. */
export function auditColumns(toggle: (batchId: string) => void): ColumnDef<AuditDisplayRow, unknown>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      // The zone is named in each cell (UTC, or the browser's as the operator chose; issue 38).
      cell: ({ row }) => {
        const shown = row.original;
        const at = shown.kind === 'batch' ? (shown.rows[0]?.iAt ?? 0) : shown.row.iAt;
        return <When ms={at} seconds />;
      },
    },
    // Wrapped (a console actor is a long email), so Details fits a 1280 px screen (issue 38).
    {
      id: 'actor',
      header: 'Actor',
      cell: ({ row }) => {
        const shown = row.original;
        const actor = shown.kind === 'batch' ? (shown.rows[0]?.sActor ?? '') : shown.row.sActor;
        return <span className={styles.actor}>{actor}</span>;
      },
    },
    {
      id: 'action',
      header: 'Action',
      cell: ({ row }) => {
        const shown = row.original;
        if (shown.kind === 'entry')
          return shown.batched ? (
            <span className={styles.batched}>
              <span aria-hidden="true">↳ </span>
              <code>{shown.row.sAction}</code>
            </span>
          ) : (
            <code>{shown.row.sAction}</code>
          );
        return (
          <span className={styles.batch}>
            Bulk <code>{batchSummary(shown.rows).action}</code>
          </span>
        );
      },
    },
    {
      id: 'member',
      header: 'Member',
      cell: ({ row }) => {
        const shown = row.original;
        if (shown.kind === 'batch') {
          const summary = batchSummary(shown.rows);
          const what = `${summary.members} ${summary.noun}${summary.members === 1 ? '' : 's'}`;
          return (
            <button
              type="button"
              className={shared.small}
              aria-expanded={shown.open}
              onClick={() => toggle(shown.batchId)}
            >
              {shown.open ? '▾' : '▸'} {what}
              {summary.refused > 0 ? `, ${summary.refused} refused` : ''}
            </button>
          );
        }
        const entry = shown.row;
        return entry.sMemberId ? (
          <Link to={consoleMemberPath(entry.sMemberId)}>{entry.sMemberName ?? entry.sMemberId}</Link>
        ) : (
          <span className={shared.muted}>—</span>
        );
      },
    },
    {
      id: 'reason',
      header: 'Reason',
      cell: ({ row }) => {
        const shown = row.original;
        const reason = shown.kind === 'batch' ? batchSummary(shown.rows).reason : reasonOf(shown.row.pDetail);
        return <span className={styles.wrap}>{reason}</span>;
      },
    },
    {
      id: 'details',
      header: 'Details',
      cell: ({ row }) => {
        const shown = row.original;
        if (shown.kind === 'batch')
          return (
            <span className={styles.details}>
              {shown.rows.length} entries on this page.{' '}
              <Link
                to={{
                  search: batchSearch(
                    shown.batchId,
                    shown.rows.map((r) => r.iAt),
                  ),
                }}
              >
                Only this batch<span className="visually-hidden"> ({shown.batchId.slice(0, 8)})</span>
              </Link>
            </span>
          );
        const text = detailsOf(shown.row.pDetail);
        // A long detail (a raffle's prizes…) stays readable in full in the CSV export.
        return (
          <span className={styles.details} title={text.length > DETAIL_MAX ? text : undefined}>
            {text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX)}…` : text}
          </span>
        );
      },
    },
  ];
}
