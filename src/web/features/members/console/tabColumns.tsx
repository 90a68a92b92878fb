import { Link } from 'react-router';
import type { ConsoleAuditRow, MemberTab } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import { formatWhen } from '../../../lib/console';
import type { ColumnDef } from '../../../ui/DataTable';
import { signed, yesNo } from './format';
import styles from './MemberTabs.module.css';

export type Cell = string | number | boolean | null;
export type TabRow = Record<string, Cell>;
export type ListTab = Exclude<MemberTab, 'profile'>;

/** Buttons some rows carry, present only when the operator may pull that lever. */
export interface RowLevers {
  revokeSession?: (row: TabRow) => void;
  takeBackItem?: (row: TabRow) => void;
}

type Col = ColumnDef<TabRow, Cell>;

const text = (key: string, header: string): Col => ({ id: key, header, accessorFn: (row) => row[key] ?? null });
const when = (key: string, header: string): Col => ({
  id: key,
  header,
  accessorFn: (row) => row[key] ?? null,
  cell: ({ getValue }) => formatWhen(Number(getValue()) || 0),
});
const flag = (key: string, header: string): Col => ({
  id: key,
  header,
  accessorFn: (row) => row[key] ?? null,
  cell: ({ getValue }) => yesNo(getValue()),
});
const count = (key: string, header: string): Col => ({
  id: key,
  header,
  accessorFn: (row) => row[key] ?? null,
  cell: ({ getValue }) => (getValue() === null ? '—' : Number(getValue()).toLocaleString('en')),
});
const memberLink = (idKey: string, nameKey: string, header: string): Col => ({
  id: idKey,
  header,
  accessorFn: (row) => row[nameKey] ?? row[idKey] ?? null,
  cell: ({ row }) => {
    const id = String(row.original[idKey] ?? '');
    if (!id) return '—';
    return <Link to={consoleMemberPath(id)}>{String(row.original[nameKey] || id)}</Link>;
  },
});
const wrap = (key: string, header: string): Col => ({
  id: key,
  header,
  accessorFn: (row) => row[key] ?? null,
  cell: ({ getValue }) => <span className={styles.wrap}>{String(getValue() ?? '')}</span>,
});
const lever = (label: string, act: ((row: TabRow) => void) | undefined, name: (row: TabRow) => string): Col[] =>
  act
    ? [
        {
          id: 'lever',
          // Visible: a visually hidden (absolute) label escapes the table's scroll box and widens the page.
          header: 'Action',
          cell: ({ row }) => (
            <button
              type="button"
              className={styles.rowButton}
              aria-label={`${label} ${name(row.original)}`}
              onClick={() => act(row.original)}
            >
              {label}
            </button>
          ),
        },
      ]
    : [];

function change(row: TabRow): string {
  const amount = Number(row.iAmount);
  if (row.sAsset === 'item') return `${amount < 0 ? 'Taken back' : 'Granted'}: ${row.sItemName ?? 'a collectible'}`;
  return signed(amount, row.sAsset === 'points' ? 'point' : 'ticket');
}

/** The columns of each list tab of a member's page, with human headers and formatted dates. */
export function tabColumns(tab: ListTab, levers: RowLevers): Col[] {
  switch (tab) {
    case 'referred':
      return [memberLink('sUserID', 'sUsername', 'Member'), when('iJoinedAt', 'Joined')];
    case 'sessions':
      return [
        text('sDevice', 'Device'),
        text('sIp', 'IP address'),
        when('iCreatedAt', 'Signed in'),
        when('iLastActiveAt', 'Last active'),
        when('iExpiresAt', 'Expires'),
        ...lever('Revoke', levers.revokeSession, (row) => `session on ${row.sDevice}`),
      ];
    case 'collectibles':
      return [
        text('sName', 'Name'),
        text('sCollectionID', 'Collection'),
        text('sTemplateID', 'Template'),
        flag('bMinted', 'Minted'),
        text('sItemID', 'Item id'),
        ...lever('Take back', levers.takeBackItem, (row) => String(row.sName || row.sItemID)),
      ];
    case 'statement':
      return [
        when('iAt', 'When'),
        wrap('sReason', 'Reason'),
        { id: 'change', header: 'Change', accessorFn: change },
        count('iPointsAfter', 'Points after'),
        count('iTicketsAfter', 'Tickets after'),
      ];
    case 'purchases':
      return [
        when('iAt', 'When'),
        text('sName', 'Item'),
        count('iQuantity', 'Quantity'),
        count('iUnitPrice', 'Unit price (points)'),
      ];
    case 'raffles':
      return [
        text('sTitle', 'Raffle'),
        text('sStatus', 'Status'),
        when('iClosesAt', 'Closes'),
        count('iTickets', 'Tickets'),
        flag('bRefunded', 'Refunded'),
        { id: 'sPrizesWon', header: 'Prizes won', accessorFn: (row) => row.sPrizesWon || '—' },
        flag('bDelivered', 'Delivered'),
      ];
    case 'games':
      return [
        when('iStartedAt', 'Started'),
        text('sGameID', 'Game'),
        text('sStatus', 'Status'),
        count('iScore', 'Score'),
        count('iLevel', 'Level'),
        when('iFinishedAt', 'Finished'),
        { id: 'sRefusedReason', header: 'Refused because', accessorFn: (row) => row.sRefusedReason || '—' },
      ];
    case 'scores':
      return [text('sGameID', 'Game'), count('iBestScore', 'Best score'), count('iWeeks', 'Weeks played')];
    case 'chat':
      return [
        when('iCreatedAt', 'When'),
        text('sChannelID', 'Channel'),
        wrap('sText', 'Message'),
        flag('bEdited', 'Edited'),
        { id: 'sDeletedBy', header: 'Deleted by', accessorFn: (row) => row.sDeletedBy || '—' },
      ];
    case 'moderation':
      return [
        when('iCreatedAt', 'When'),
        {
          id: 'bAboutMember',
          header: 'Report',
          accessorFn: (row) => (row.bAboutMember ? 'About their message' : 'Made by them'),
        },
        count('iMessageID', 'Message'),
        memberLink('sReporterUserID', 'sReporterUsername', 'Reporter'),
        text('sReason', 'Reason'),
        { id: 'sResolution', header: 'Resolution', accessorFn: (row) => row.sResolution || 'Open' },
      ];
    case 'notices':
      return [count('iNoticeID', 'Notice'), text('sKind', 'Kind'), wrap('sPayload', 'Payload')];
    case 'notes':
      return [when('iCreatedAt', 'When'), wrap('sText', 'Note'), text('sActor', 'By')];
  }
}

/** What an audit entry's detail says beyond its reason, as `key: value` pairs. */
function detailWords(detail: unknown): string {
  if (!detail || typeof detail !== 'object') return detail === undefined || detail === null ? '' : String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .filter(([key]) => key !== 'reason' && key !== 'userId')
    .map(([key, value]) => {
      // Epoch-ms fields (until, at, expiresAt…) read as dates.
      if (typeof value === 'number' && value > 1e12 && /^(until|at)$|At$/.test(key))
        return `${key}: ${formatWhen(value)}`;
      return `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join(', ');
}

const reasonOf = (detail: unknown) =>
  detail && typeof detail === 'object' ? String((detail as { reason?: unknown }).reason ?? '') : '';

export const AUDIT_COLUMNS: ColumnDef<ConsoleAuditRow, unknown>[] = [
  { id: 'iAt', header: 'When', accessorFn: (row) => row.iAt, cell: ({ row }) => formatWhen(row.original.iAt) },
  { id: 'sActor', header: 'Who', accessorFn: (row) => row.sActor },
  { id: 'sAction', header: 'What', accessorFn: (row) => row.sAction },
  {
    id: 'reason',
    header: 'Why',
    accessorFn: (row) => reasonOf(row.pDetail),
    cell: ({ getValue }) => <span className={styles.wrap}>{String(getValue() || '—')}</span>,
  },
  {
    id: 'detail',
    header: 'Detail',
    accessorFn: (row) => detailWords(row.pDetail),
    cell: ({ getValue }) => <span className={styles.wrap}>{String(getValue() || '—')}</span>,
  },
];
