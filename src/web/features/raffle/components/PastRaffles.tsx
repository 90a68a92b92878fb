import { useState } from 'react';
import { Link } from 'react-router';
import type { RaffleSummary } from '../../../../protocol/raffle';
import { ROUTES } from '../../../../protocol/routes';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { useRafflesPage } from '../api/raffle';
import { formatRaffleDate } from '../model/countdown';
import styles from './PastRaffles.module.css';
import { StatusPill } from './StatusPill';
import { WinnerRow } from './WinnerRow';

/** Earlier raffles, newest first: entry totals and the winners by username, each drawn one replayable. */
export function PastRaffles({ exceptId }: { exceptId: number | null }) {
  // Each "Show older" adds a page: the id below which it starts.
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  return (
    <>
      {pages.map((beforeId, index) => (
        <RafflesPage
          key={beforeId ?? 'first'}
          beforeId={beforeId}
          exceptId={exceptId}
          first={index === 0}
          onOlder={index === pages.length - 1 ? (older) => setPages((all) => [...all, older]) : undefined}
        />
      ))}
    </>
  );
}

function RafflesPage({
  beforeId,
  exceptId,
  first,
  onOlder,
}: {
  beforeId: number | undefined;
  exceptId: number | null;
  first: boolean;
  onOlder?: (beforeId: number) => void;
}) {
  const page = useRafflesPage(beforeId);
  if (page.isPending) return <Loading />;
  if (page.isError) return <Notice tone="danger">The past raffles could not be loaded. Please try again.</Notice>;
  const list = page.data.aRaffles.filter((r) => r.iRaffleID !== exceptId);
  const last = page.data.aRaffles.at(-1);
  if (first && list.length === 0 && !page.data.bMore) {
    return <p className="muted">No past raffles yet. The first draw will be listed here.</p>;
  }
  return (
    <>
      <ol className={styles.list}>
        {list.map((raffle) => (
          <PastRaffle key={raffle.iRaffleID} raffle={raffle} />
        ))}
      </ol>
      {onOlder && page.data.bMore && last && (
        <Button variant="secondary" onClick={() => onOlder(last.iRaffleID)}>
          Show older raffles
        </Button>
      )}
    </>
  );
}

function PastRaffle({ raffle }: { raffle: RaffleSummary }) {
  const replayable = raffle.sStatus === 'drawn' || raffle.sStatus === 'drawing';
  return (
    <li className={styles.raffle} aria-labelledby={`raffle-${raffle.iRaffleID}`}>
      <header className={styles.header}>
        <h3 id={`raffle-${raffle.iRaffleID}`}>{raffle.sTitle}</h3>
        <StatusPill status={raffle.sStatus} />
      </header>
      <p className={`${styles.stats} tabular`}>
        Closed {formatRaffleDate(raffle.iClosesAt)} · {raffle.iEntrantCount} member
        {raffle.iEntrantCount === 1 ? '' : 's'} · {raffle.iTicketTotal} ticket{raffle.iTicketTotal === 1 ? '' : 's'}
        {raffle.iYourTickets > 0 && <> · you entered {raffle.iYourTickets}</>}
      </p>
      {raffle.aWinners.length > 0 ? (
        <ol className={styles.winners} aria-label="Winners">
          {raffle.aWinners.map((winner) => (
            <WinnerRow key={winner.iPick} raffle={raffle} winner={winner} />
          ))}
        </ol>
      ) : (
        <p className="muted">
          {raffle.sStatus === 'cancelled'
            ? 'Cancelled: every entry was refunded.'
            : raffle.sStatus === 'closed'
              ? 'Entries are frozen; the draw follows shortly.'
              : 'No one entered, so no prize was drawn.'}
        </p>
      )}
      {replayable && (
        <Link className={styles.replay} to={`${ROUTES.raffleViewer}?iRaffleID=${raffle.iRaffleID}`}>
          Watch the draw and verify it
        </Link>
      )}
    </li>
  );
}
