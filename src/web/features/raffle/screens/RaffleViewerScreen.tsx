import { RotateCcw, SkipForward } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorCode } from '../../../../protocol/errors';
import type { RaffleDetail } from '../../../../protocol/raffle';
import { ROUTES } from '../../../../protocol/routes';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useRaffle, useRaffleEntries, useRaffleProof } from '../api/raffle';
import { DrawRecord } from '../components/DrawRecord';
import { DrawWheel } from '../components/DrawWheel';
import { StatusPill } from '../components/StatusPill';
import { VerifyPanel } from '../components/VerifyPanel';
import { formatRaffleDate } from '../model/countdown';
import { useReplay } from '../model/replay';
import styles from './RaffleViewerScreen.module.css';

/** `?iRaffleID=N`, or the latest drawn raffle without it. */
function requestedRaffle(params: URLSearchParams): number | null {
  const id = Number(params.get('iRaffleID'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /raffleviewer (docs/product.md §12): a finished draw replayed, then verified in the browser. */
export default function RaffleViewerScreen() {
  const [params] = useSearchParams();
  const raffle = useRaffle(requestedRaffle(params));

  const header = (subtitle?: string) => (
    <PageHeader
      title="Raffle Viewer"
      subtitle={subtitle ?? 'Replay a draw, then check it yourself.'}
      actions={<Link to={ROUTES.raffle}>All raffles</Link>}
    />
  );

  if (raffle.isPending) return <Loading />;
  if (raffle.isError || (raffle.data.iErrorCode !== ErrorCode.OK && raffle.data.iErrorCode !== ErrorCode.NOT_FOUND)) {
    return (
      <section>
        {header()}
        <Notice tone="danger">This draw could not be loaded. Please try again.</Notice>
      </section>
    );
  }
  if (raffle.data.iErrorCode === ErrorCode.NOT_FOUND) {
    return (
      <section>
        {header()}
        <Card>
          <h2>No draw to replay yet</h2>
          <p className="muted">
            Once a raffle has been drawn, its draw can be replayed and verified here. See the{' '}
            <Link to={ROUTES.raffle}>current raffle</Link>.
          </p>
        </Card>
      </section>
    );
  }
  const detail = raffle.data.pRaffle;
  if (detail.sStatus !== 'drawn' && detail.sStatus !== 'drawing') {
    return (
      <section>
        {header(detail.sTitle)}
        <Card className={styles.pending}>
          <StatusPill status={detail.sStatus} />
          <h2>Not drawn {detail.sStatus === 'cancelled' ? '' : 'yet'}</h2>
          <p className="muted">
            {detail.sStatus === 'cancelled'
              ? 'This raffle was cancelled and every entry refunded.'
              : 'The seed stays secret until the draw. What is published so far:'}
          </p>
          {detail.sCommitment && (
            <p className={styles.hashLine}>
              Commitment <code>{detail.sCommitment}</code>
            </p>
          )}
          {detail.sRoot && (
            <p className={styles.hashLine}>
              Entry root <code>{detail.sRoot}</code>
            </p>
          )}
        </Card>
      </section>
    );
  }
  return (
    <section>
      {header(`${detail.sTitle} · drawn ${formatRaffleDate(detail.iDrawnAt)}`)}
      <DrawReplay raffle={detail} />
    </section>
  );
}

function DrawReplay({ raffle }: { raffle: RaffleDetail }) {
  const entries = useRaffleEntries(raffle.iRaffleID);
  const proof = useRaffleProof(raffle.pYourEntry ? raffle.iRaffleID : null);
  const ready = entries.isSuccess && (!raffle.pYourEntry || !proof.isPending);
  const { step, skip, replay, spinMs, reducedMotion } = useReplay(raffle.aWinners.length, ready);

  if (entries.isError)
    return <Notice tone="danger">The published entry list could not be loaded. Please try again.</Notice>;
  if (!ready) return <Loading label="Fetching the published entries…" />;
  const list = entries.data.aEntries;

  return (
    <>
      <div className={styles.stage}>
        <div className={styles.wheelColumn}>
          <DrawWheel
            entries={list}
            winners={raffle.aWinners}
            step={step}
            spinMs={spinMs}
            youID={raffle.pYourEntry?.sEntrantID ?? null}
            reducedMotion={reducedMotion}
          />
          <div className={styles.controls}>
            {step.phase === 'done' ? (
              <Button variant="secondary" onClick={replay}>
                <RotateCcw size={18} aria-hidden="true" /> Replay the draw
              </Button>
            ) : (
              <Button variant="secondary" onClick={skip}>
                <SkipForward size={18} aria-hidden="true" /> Skip to the result
              </Button>
            )}
          </div>
        </div>
        <DrawRecord raffle={raffle} step={step} entrants={list.length} />
      </div>
      {step.phase === 'done' && (
        <VerifyPanel raffle={raffle} entries={list} proof={proof.data ?? null} reducedMotion={reducedMotion} />
      )}
    </>
  );
}
