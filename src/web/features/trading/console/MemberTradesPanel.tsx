import { Link } from 'react-router';
import { CONSOLE_ROUTES } from '../../../../protocol/routes';
import type { ConsoleError } from '../../../api/console';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { useConsoleTrades } from './api';
import { tradeColumns } from './tradeColumns';

/**
 * The Trades tab of a member's console page (issue 39): their newest trades through
 * `consoleTrades`, read only; the levers (cancel, reverse) are on /console/trades, linked.
 */
export function MemberTradesPanel({ username }: { username: string }) {
  const list = useConsoleTrades(username, false);
  if (list.error) return <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>;
  return (
    <>
      <DataTable
        caption={`Trades of ${username}, newest first`}
        columns={tradeColumns(
          () => false,
          () => {},
        )}
        rows={list.data?.aTrades ?? []}
        rowId={(row) => row.sTradeID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No trades.'}
      />
      <p>
        <Link to={`${CONSOLE_ROUTES.trades}?member=${encodeURIComponent(username)}`}>
          Cancel or reverse on the Trades screen →
        </Link>
      </p>
    </>
  );
}
