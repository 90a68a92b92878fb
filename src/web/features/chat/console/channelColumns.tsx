import type { ConsoleChannelRow, ConsoleChatOperatorRow } from '../../../../protocol/chat';
import { formatWhen } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import type { ChannelOpen } from './ChannelDialog';
import styles from './ChannelsScreen.module.css';

const slowText = (ms: number) => (ms === 0 ? 'Off' : `${formatCount(ms / 1000)} s`);

/** The channels' columns; with `show` (chat:channels) each row's buttons, which open the reason dialog. */
export function channelColumns(show?: (open: Exclude<ChannelOpen, null>) => void) {
  const columns: ColumnDef<ConsoleChannelRow, unknown>[] = [
    {
      id: 'channel',
      header: 'Channel',
      cell: ({ row }) => (
        <span className={styles.channelName}>
          <span>{row.original.sName}</span>
          <small>#{row.original.sChannelID}</small>
        </span>
      ),
    },
    {
      id: 'topic',
      header: 'Topic',
      cell: ({ row }) => <span className={styles.topic}>{row.original.sTopic || '—'}</span>,
    },
    { id: 'slow', header: 'Slow mode', cell: ({ row }) => slowText(row.original.iSlowModeMs) },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) =>
        row.original.iArchivedAt === null ? (
          <span className={styles.open}>Open</span>
        ) : (
          <span className={styles.archived}>Archived {formatWhen(row.original.iArchivedAt)}</span>
        ),
    },
  ];
  if (!show) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => <ChannelActions channel={row.original} show={show} />,
    } satisfies ColumnDef<ConsoleChannelRow, unknown>,
  ];
}

function ChannelActions({
  channel,
  show,
}: {
  channel: ConsoleChannelRow;
  show: (open: Exclude<ChannelOpen, null>) => void;
}) {
  return (
    <div className={shared.rowActions}>
      <button type="button" className={shared.small} onClick={() => show({ kind: 'edit', channel })}>
        {/* The name starts with the words shown (axe: label-content-name-mismatch): "Edit general". */}
        Edit<span className="visually-hidden"> {channel.sChannelID}: rename or change the topic</span>
      </button>
      <button type="button" className={shared.small} onClick={() => show({ kind: 'slow', channel })}>
        Slow mode<span className="visually-hidden"> of {channel.sChannelID}</span>
      </button>
      {channel.iArchivedAt === null ? (
        <button
          type="button"
          className={`${shared.small} ${styles.danger}`}
          onClick={() => show({ kind: 'archive', channel })}
        >
          Archive<span className="visually-hidden"> {channel.sChannelID}</span>
        </button>
      ) : (
        <button type="button" className={shared.small} onClick={() => show({ kind: 'restore', channel })}>
          Restore<span className="visually-hidden"> {channel.sChannelID}</span>
        </button>
      )}
    </div>
  );
}

/** The chat operators' columns; with `remove` (chat:channels) a Remove button on each. */
export function chatOperatorColumns(remove?: (operator: ConsoleChatOperatorRow) => void) {
  const columns: ColumnDef<ConsoleChatOperatorRow, unknown>[] = [
    { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUsername || row.original.sUserID },
    { id: 'since', header: 'Since', cell: ({ row }) => formatWhen(row.original.iGrantedAt) },
    { id: 'by', header: 'Made one by', cell: ({ row }) => row.original.sGrantedBy },
  ];
  if (!remove) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <button type="button" className={`${shared.small} ${styles.danger}`} onClick={() => remove(row.original)}>
          Remove<span className="visually-hidden"> {row.original.sUsername} as chat operator</span>
        </button>
      ),
    } satisfies ColumnDef<ConsoleChatOperatorRow, unknown>,
  ];
}
