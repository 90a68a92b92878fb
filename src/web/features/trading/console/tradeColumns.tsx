import type { ConsolePermission } from '../../../../protocol/console';
import type { ConsoleTrade } from '../../../../protocol/trading';
import { formatWhen } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';

type May = (permission: ConsolePermission) => boolean;

const side = (items: readonly string[], points: number) =>
  [...items, ...(points > 0 ? [`${points} points`] : [])].join(', ') || 'nothing';

/** What the operator may do to a trade: cancel it while open or held, reverse it once completed. */
export function leverOf(trade: ConsoleTrade, may: May) {
  if (may('member:ban') && (trade.sState === 'open' || trade.sState === 'held')) return 'cancel' as const;
  if (may('trade:reverse') && trade.sState === 'completed') return 'reverse' as const;
  return null;
}

/** The trades table's columns; `onLever` opens the reason dialog for a row's lever. */
export function tradeColumns(
  may: May,
  onLever: (kind: 'cancel' | 'reverse', trade: ConsoleTrade) => void,
): ColumnDef<ConsoleTrade, unknown>[] {
  return [
    { id: 'id', header: 'Trade', cell: ({ row }) => <span className={shared.code}>{row.original.sTradeID}</span> },
    { id: 'state', header: 'State', cell: ({ row }) => row.original.sState },
    {
      id: 'from',
      header: 'Sender gives',
      cell: ({ row }) => `@${row.original.sFromUserName}: ${side(row.original.aGiveItems, row.original.iGivePoints)}`,
    },
    {
      id: 'to',
      header: 'Receiver gives',
      cell: ({ row }) => `@${row.original.sToUserName}: ${side(row.original.aTakeItems, row.original.iTakePoints)}`,
    },
    { id: 'made', header: 'Made', cell: ({ row }) => formatWhen(row.original.iCreatedAt) },
    {
      id: 'hold',
      header: 'Held until',
      cell: ({ row }) => (row.original.iHoldUntil ? formatWhen(row.original.iHoldUntil) : '—'),
    },
    { id: 'why', header: 'Note', cell: ({ row }) => row.original.sEndedReason || '—' },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const trade = row.original;
        const kind = leverOf(trade, may);
        if (!kind) return null;
        const label = kind === 'cancel' ? 'Cancel' : 'Reverse';
        return (
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`${label} trade ${trade.sTradeID}`}
            onClick={() => onLever(kind, trade)}
          >
            {label}
          </button>
        );
      },
    },
  ];
}
