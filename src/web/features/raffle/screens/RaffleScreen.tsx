import { useQueryClient } from '@tanstack/react-query';
import { Dices } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type RaffleDrawInfo, raffleStarted } from '../../../../protocol/raffle';
import { ROUTES } from '../../../../protocol/routes';
import { memberKeys, useUserData } from '../../../lib/memberData';
import { useNow } from '../../../lib/useNow';
import { Card } from '../../../ui/Card';
import type { FormOutcome } from '../../../ui/Form';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { raffleKeys } from '../api/raffle';
import { Countdown } from '../components/Countdown';
import { EarnTickets } from '../components/EarnTickets';
import { EnterForm } from '../components/EnterForm';
import { PastRaffles } from '../components/PastRaffles';
import { PrizeGrid } from '../components/PrizeCard';
import { StatusPill } from '../components/StatusPill';
import { formatRaffleTime } from '../model/countdown';
import { shareLabel } from '../model/enterAmount';
import styles from './RaffleScreen.module.css';

/** /raffle (docs/product.md §12): this week's raffle, your tickets and entries, and the past draws. */
export default function RaffleScreen() {
  const member = useUserData();
  const queryClient = useQueryClient();
  useEffect(() => {
    // A raffle opens, fills and closes while the cached member data is still fresh: ask once on arrival.
    void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    void queryClient.invalidateQueries({ queryKey: raffleKeys.list() });
  }, [queryClient]);
  if (!member.data?.registered) return <Loading />;
  const { pUserData } = member.data;
  const info = pUserData.pRaffleDrawInfo;
  // docs/product.md §3: bRaffleStarted is derived from pRaffleDrawInfo.bActive.
  const bRaffleStarted = raffleStarted(info);

  return (
    <section>
      <PageHeader
        title="Weekly Raffle"
        subtitle="Enter the tickets you earned. Every draw can be checked by anyone, in the browser."
        actions={
          <Link className={styles.viewerLink} to={ROUTES.raffleViewer}>
            <Dices size={18} aria-hidden="true" /> Raffle Viewer
          </Link>
        }
      />
      {bRaffleStarted && info.bActive ? (
        <CurrentRaffle info={info} tickets={pUserData.iRaffleTickets} />
      ) : (
        <Card className={styles.empty}>
          <h2>No raffle this week</h2>
          <p className="muted">
            {info.bActive === false && info.iNextOpensAt > 0
              ? `The next raffle opens ${formatRaffleTime(info.iNextOpensAt)}. Keep your tickets for it.`
              : 'There is no raffle open right now. Keep your tickets: they are yours until you enter them.'}
          </p>
          <p className={styles.balanceLine}>
            You hold <span className="gold tabular">{pUserData.iRaffleTickets}</span> ticket
            {pUserData.iRaffleTickets === 1 ? '' : 's'}.
          </p>
          {pUserData.iRaffleTickets === 0 && <EarnTickets />}
        </Card>
      )}

      <section className={styles.section} aria-labelledby="past-raffles">
        <h2 id="past-raffles">Past raffles</h2>
        <PastRaffles exceptId={info.bActive ? info.iRaffleID : null} />
      </section>
    </section>
  );
}

type ActiveInfo = Extract<RaffleDrawInfo, { bActive: true }>;

function CurrentRaffle({ info, tickets }: { info: ActiveInfo; tickets: number }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const now = useNow(5000);
  const closed = now >= info.iClosesAt;
  useEffect(() => {
    // At the closing time the raffle stops taking entries: fetch what the server says now.
    if (closed) {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      void queryClient.invalidateQueries({ queryKey: raffleKeys.list() });
    }
  }, [closed, queryClient]);

  return (
    <div className={styles.current}>
      <Card className={styles.hero}>
        <div className={styles.heroTop}>
          <div>
            <StatusPill status="open" />
            <h2 className={styles.title}>{info.sTitle}</h2>
            <p className={`${styles.totals} tabular`}>
              {info.iEntrantCount} member{info.iEntrantCount === 1 ? '' : 's'} entered · {info.iTicketTotal} ticket
              {info.iTicketTotal === 1 ? '' : 's'} in the draw
            </p>
          </div>
          {closed ? (
            <p className={styles.closing}>Entries are closing; the draw follows shortly.</p>
          ) : (
            <Countdown until={info.iClosesAt} label="Entries close in" />
          )}
        </div>
      </Card>

      <section className={styles.section} aria-labelledby="prizes">
        <h2 id="prizes">Prizes</h2>
        <PrizeGrid prizes={info.aPrizes} />
      </section>

      <div className={styles.split}>
        <Card className={styles.yours}>
          <h3>Your part</h3>
          <dl className={styles.figures}>
            <div>
              <dt>Your tickets</dt>
              <dd className="tabular">{tickets}</dd>
            </div>
            <div>
              <dt>In this raffle</dt>
              <dd className="tabular">{info.iEntryTickets}</dd>
            </div>
            <div>
              <dt>Your share</dt>
              <dd className="tabular">{shareLabel(info.iEntryTickets, info.iTicketTotal)}</dd>
            </div>
          </dl>
          {info.sEntrantID && (
            <p className={styles.small}>
              Your entrant id in this draw: <code>{info.sEntrantID}</code>
            </p>
          )}
        </Card>
        <Card className={styles.enter}>
          {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
          {closed ? (
            <p className="muted">Entries have closed.</p>
          ) : tickets > 0 ? (
            <EnterForm raffleId={info.iRaffleID} title={info.sTitle} tickets={tickets} onOutcome={setOutcome} />
          ) : (
            <EarnTickets />
          )}
        </Card>
      </div>

      <details className={styles.fairness}>
        <summary>How is this draw fair?</summary>
        <p>
          The server picked a secret seed when the raffle opened and published its fingerprint,{' '}
          <code className={styles.hash}>sha256(seed) = {info.sCommitment}</code>. When entries close, the full entry
          list is published with its Merkle root; then the seed is revealed and the winners follow from seed and entries
          alone{info.iBeaconRound > 0 ? `, mixed with drand round ${info.iBeaconRound}` : ''}. The{' '}
          <Link to={ROUTES.raffleViewer}>Raffle Viewer</Link> replays every draw and checks it in your browser.
        </p>
      </details>
    </div>
  );
}
