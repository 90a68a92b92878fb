import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsoleTrade } from '../../../../protocol/trading';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useConsoleTrades, useTradeLever, useTradeSignals } from './api';
import { tradeColumns } from './tradeColumns';

type Lever = { kind: 'cancel' | 'reverse'; trade: ConsoleTrade };

/**
 * /console/trades (issue 39): the newest trades, of one member or everyone's, held ones on
 * request; moderators and admins cancel an open or held trade (member:ban), admins reverse a
 * completed one (trade:reverse). Each lever asks a reason, audited like the CLI's.
 */
export default function TradesConsoleScreen() {
  useConsoleTitle('Trades');
  const may = useOperatorMay();
  const [params, setParams] = useSearchParams();
  const member = params.get('member') ?? '';
  const heldOnly = params.get('held') === '1';
  const [typed, setTyped] = useState(member);
  const [lever, setLever] = useState<Lever | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const list = useConsoleTrades(member, heldOnly);
  const pull = useTradeLever();

  function filter(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('member', typed.trim());
    if (heldOnly) next.set('held', '1');
    setParams(next, { replace: true });
  }
  function showHeldOnly(held: boolean) {
    const next = new URLSearchParams(params);
    if (held) next.set('held', '1');
    else next.delete('held');
    setParams(next, { replace: true });
  }
  async function confirm(reason: string) {
    if (!lever) return;
    await pull(lever.kind, lever.trade.sTradeID, reason);
    setDone(
      lever.kind === 'cancel'
        ? `Trade ${lever.trade.sTradeID} is cancelled: nothing moved.`
        : `Trade ${lever.trade.sTradeID} is reversed: every item and point went back.`,
    );
  }
  const columns = tradeColumns(may, (kind, trade) => {
    setDone(null);
    setLever({ kind, trade });
    setOpen(true);
  });

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
          <input type="checkbox" checked={heldOnly} onChange={(event) => showHeldOnly(event.target.checked)} /> On hold
          only
        </label>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <TradeSignals
        onMember={(name) => {
          setTyped(name);
          setParams({ member: name }, { replace: true });
        }}
      />
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

/** The signals of the last 7 days; a name filters the list to that member. */
function TradeSignals({ onMember }: { onMember(name: string): void }) {
  const signals = useTradeSignals();
  const found = signals.data?.aSignals;
  return (
    <section className={shared.panel} aria-labelledby="trade-signals">
      <div>
        <h2 id="trade-signals">Signals (last 7 days)</h2>
        {found && found.length === 0 && <p>Nothing stands out.</p>}
        {found && found.length > 0 && (
          <ul>
            {found.map((signal) => (
              <li key={`${signal.sKind}-${signal.sUserName}-${signal.aTradeIDs[0]}`}>
                <button type="button" className={shared.small} onClick={() => onMember(signal.sUserName)}>
                  @{signal.sUserName}
                </button>{' '}
                {signal.sText}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
