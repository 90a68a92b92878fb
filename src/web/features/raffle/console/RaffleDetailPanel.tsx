import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleRaffleEntryRow, ConsoleRaffleWinnerRow } from '../../../../protocol/consoleRaffles';
import { type ConsoleError, consoleCall } from '../../../api/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { When } from '../../../ui/ConsoleTime';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import styles from './RafflesScreen.module.css';
import { plural, statusWords } from './raffleWords';

const winnerColumns: ColumnDef<ConsoleRaffleWinnerRow, unknown>[] = [
  { id: 'pick', header: 'Pick', cell: ({ row }) => `#${row.original.iPick}` },
  { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUserName },
  { id: 'prize', header: 'Prize', cell: ({ row }) => row.original.sPrizeName },
  {
    id: 'delivered',
    header: 'Delivered',
    cell: ({ row }) => (row.original.iDeliveredAt ? <When ms={row.original.iDeliveredAt} /> : 'Not yet'),
  },
];

const entryColumns: ColumnDef<ConsoleRaffleEntryRow, unknown>[] = [
  { id: 'member', header: 'Member', cell: ({ row }) => row.original.sUserName },
  { id: 'tickets', header: 'Tickets', cell: ({ row }) => formatCount(row.original.iTickets) },
  { id: 'entered', header: 'Entered', cell: ({ row }) => <When ms={row.original.iEnteredAt} /> },
  {
    id: 'entrant',
    header: 'Entrant id',
    cell: ({ row }) => <span className={styles.hex}>{row.original.sEntrantID}</span>,
  },
  { id: 'refunded', header: 'Refunded', cell: ({ row }) => (row.original.bRefunded ? 'Yes' : '—') },
];

/** One raffle as members see it (the draw's published values), its winners and a page of its entries. */
export function RaffleDetailPanel({ raffleId, heldForReview }: { raffleId: number; heldForReview: boolean }) {
  const [page, setPage] = useState(0);
  const shown = useQuery({
    queryKey: ['console', 'raffle', raffleId, page],
    queryFn: ({ signal }) => consoleCall('raffleShow', { iRaffleID: raffleId, iPage: page, iPageSize: 25 }, signal),
  });
  if (shown.error) return <Notice tone="danger">{(shown.error as ConsoleError).message}</Notice>;
  const data = shown.data;
  if (!data) return <p className={shared.muted}>Loading raffle {raffleId}…</p>;
  const detail = data.pDetail;
  const revealed = detail.sStatus === 'drawing' || detail.sStatus === 'drawn';
  return (
    <section className={styles.detail} aria-labelledby="raffle-detail-title">
      <h2 id="raffle-detail-title">
        Raffle {raffleId}: {detail.sTitle}
      </h2>
      <dl className={styles.facts}>
        <dt>State</dt>
        <dd>{statusWords(detail.sStatus, heldForReview)}</dd>
        <dt>Opens</dt>
        <dd>
          <When ms={detail.iOpensAt} />
        </dd>
        <dt>Closes</dt>
        <dd>
          <When ms={detail.iClosesAt} />
        </dd>
        <dt>Entries</dt>
        <dd>
          {plural(detail.iEntrantCount, 'member')}, {plural(detail.iTicketTotal, 'ticket')}
        </dd>
        <dt>Prizes</dt>
        <dd>{detail.aPrizes.map((prize) => `${prize.sName} ×${prize.iQuantity}`).join(', ')}</dd>
        <dt>Commitment</dt>
        <dd className={styles.hex}>{detail.sCommitment || 'Published when it opens'}</dd>
        <dt>Entry root</dt>
        <dd className={styles.hex}>{detail.sRoot || 'Published when it closes'}</dd>
        <dt>Seed</dt>
        <dd className={styles.hex}>{revealed ? detail.sSeed : 'Secret until the draw'}</dd>
      </dl>
      {revealed && (
        <p>
          <a href={data.sVerifyPath} target="_blank" rel="noreferrer">
            Replay and verify the draw as members see it
          </a>
        </p>
      )}
      {data.aWinners.length > 0 && (
        <DataTable
          caption="Winners, in draw order"
          columns={winnerColumns}
          rows={data.aWinners}
          rowId={(row) => String(row.iPick)}
        />
      )}
      <DataTable
        caption={heldForReview ? 'Entries, frozen for your review' : 'Entries'}
        columns={entryColumns}
        rows={data.aRows}
        rowId={(row) => row.sEntrantID}
        busy={shown.isFetching}
        empty="Nobody has entered yet."
        page={{ index: page, more: data.bMore, onChange: setPage }}
      />
    </section>
  );
}
