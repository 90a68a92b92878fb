import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleTrade, ConsoleTradeSignalsAnswer, ConsoleTradesAnswer } from '../../../../protocol/trading';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';

type Lever = { kind: 'cancel' | 'reverse'; trade: ConsoleTrade };

const side = (items: readonly string[], points: number) =>
  [...items, ...(points > 0 ? [`${points} points`] : [])].join(', ') || 'nothing';

/**
 * /console/trades (issue 39): the newest trades, of one member or everyone's, held ones on
 * request; moderators and admins cancel an open or held trade (member:ban), admins reverse a
 * completed one (trade:reverse). Each lever asks a reason, audited like the CLI's.
 */
export default function TradesConsoleScreen() {
  useConsoleTitle('Trades');
  const may = useOperatorMay();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const member = params.get('member') ?? '';
  const heldOnly = params.get('held') === '1';
  const [typed, setTyped] = useState(member);
  const [lever, setLever] = useState<Lever | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['console', 'trades', member, heldOnly],
    queryFn: ({ signal }) =>
      consoleCall<ConsoleTradesAnswer>('consoleTrades', { sMember: member || undefined, bHeldOnly: heldOnly }, signal),
  });

  const signals = useQuery({
    queryKey: ['console', 'trades', 'signals'],
    queryFn: ({ signal }) => consoleCall<ConsoleTradeSignalsAnswer>('consoleTradeSignals', {}, signal),
  });

  function filter(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('member', typed.trim());
    if (heldOnly) next.set('held', '1');
    setParams(next, { replace: true });
  }
  async function confirm(reason: string) {
    if (!lever) return;
    const action = lever.kind === 'cancel' ? 'consoleTradeCancel' : 'consoleTradeReverse';
    await consoleCall(action, { sTradeID: lever.trade.sTradeID, sReason: reason });
    setDone(
      lever.kind === 'cancel'
        ? `Trade ${lever.trade.sTradeID} is cancelled: nothing moved.`
        : `Trade ${lever.trade.sTradeID} is reversed: every item and point went back.`,
    );
    await queries.invalidateQueries({ queryKey: ['console', 'trades'] });
  }

  const columns: ColumnDef<ConsoleTrade, unknown>[] = [
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
        const cancel = may('member:ban') && (trade.sState === 'open' || trade.sState === 'held');
        const reverse = may('trade:reverse') && trade.sState === 'completed';
        if (!cancel && !reverse) return null;
        return (
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`${cancel ? 'Cancel' : 'Reverse'} trade ${trade.sTradeID}`}
            onClick={() => {
              setDone(null);
              setLever({ kind: cancel ? 'cancel' : 'reverse', trade });
              setOpen(true);
            }}
          >
            {cancel ? 'Cancel' : 'Reverse'}
          </button>
        );
      },
    },
  ];

  return (
    <div className={shared.screen}>
      <PageHeader title="Trades" subtitle="Offers, gifts and trades between members, newest first." />
      <form className={shared.panel} onSubmit={filter} aria-label="Filter trades">
        <Field
          label="Member (username or email)"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
        <label>
          <input
            type="checkbox"
            checked={heldOnly}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.checked) next.set('held', '1');
              else next.delete('held');
              setParams(next, { replace: true });
            }}
          />{' '}
          On hold only
        </label>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <section className={shared.panel} aria-labelledby="trade-signals">
        <div>
          <h2 id="trade-signals">Signals (last 7 days)</h2>
          {signals.data && signals.data.aSignals.length === 0 && <p>Nothing stands out.</p>}
          {signals.data && signals.data.aSignals.length > 0 && (
            <ul>
              {signals.data.aSignals.map((found) => (
                <li key={`${found.sKind}-${found.sUserName}-${found.aTradeIDs[0]}`}>
                  <button
                    type="button"
                    className={shared.small}
                    onClick={() => {
                      setTyped(found.sUserName);
                      setParams({ member: found.sUserName }, { replace: true });
                    }}
                  >
                    @{found.sUserName}
                  </button>{' '}
                  {found.sText}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      {list.error && <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption={member ? `Trades of ${member}` : 'Trades, newest first'}
        columns={columns}
        rows={list.data?.aTrades ?? []}
        rowId={(row) => row.sTradeID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No trades.'}
      />
      <ReasonDialog
        open={open}
        title={lever ? `${lever.kind === 'cancel' ? 'Cancel' : 'Reverse'} trade ${lever.trade.sTradeID}` : ''}
        danger
        confirmLabel={lever?.kind === 'reverse' ? 'Reverse' : 'Cancel trade'}
        description={
          lever?.kind === 'reverse' ? (
            <p>
              Every item goes back to its earlier holder and every point back through the ledger; refused if an item has
              moved on since. Both members are told.
            </p>
          ) : (
            <p>Nothing moves; both members are told, with your reason.</p>
          )
        }
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
