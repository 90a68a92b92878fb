import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../protocol/errors';
import { type TradeOffer, type TradeOfferAnswer, tradeComposerPath } from '../../../../protocol/trading';
import type { ActionResult } from '../../../api/client';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { acceptTradeOffer, cancelTrade, declineTradeOffer, tradeKeys } from '../api/trading';
import styles from './Trade.module.css';
import { TradeSide } from './TradeSide';

const STATE_LABEL: Record<TradeOffer['sState'], string> = {
  open: 'Open',
  held: 'On hold',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  replaced: 'Replaced',
  failed: 'Could not complete',
  reversed: 'Reversed',
};

const when = (at: number) => new Date(at).toLocaleString();

/** One trade with what the viewer may do with it: accept, decline or counter (received), cancel (sent or held). */
export function TradeCard({ trade }: { trade: TradeOffer }) {
  const queryClient = useQueryClient();
  // One key per accept the member means to make: a retry after a lost answer sends the same one.
  const acceptKey = useRef(crypto.randomUUID());
  const [refusal, setRefusal] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: () => Promise<ActionResult<TradeOfferAnswer>>) => action(),
    onSuccess: (answer) => {
      if (answer?.iErrorCode === 0) {
        setRefusal(null);
        return queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      }
      setRefusal(answer?.sMessage ?? errorMessage(answer?.iErrorCode ?? null));
    },
  });
  const incoming = trade.sState === 'open' && !trade.bSentByMe;
  const other = trade.bSentByMe ? trade.pTo.sUserName : trade.pFrom.sUserName;
  const title = trade.bGift
    ? trade.bSentByMe
      ? `Gift to @${other}`
      : `Gift from @${other}`
    : trade.bSentByMe
      ? `Offer to @${other}`
      : `Offer from @${other}`;

  return (
    <article className={styles.card} aria-label={title}>
      <header className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{title}</h2>
        <span className={`${styles.state} ${styles[trade.sState]}`}>{STATE_LABEL[trade.sState]}</span>
      </header>
      <p className={styles.muted}>
        Made {when(trade.iCreatedAt)}
        {trade.sState === 'open' && <> · expires {when(trade.iExpiresAt)}</>}
      </p>
      {trade.sMessage && <blockquote className={styles.message}>{trade.sMessage}</blockquote>}
      <div className={styles.sides}>
        <TradeSide label={`@${trade.pFrom.sUserName} gives`} side={trade.pFrom} />
        {!trade.bGift && <TradeSide label={`@${trade.pTo.sUserName} gives`} side={trade.pTo} />}
      </div>
      {trade.aWarnings.map((warning) => (
        <Notice key={warning} tone="warning">
          {warning}
        </Notice>
      ))}
      {trade.sState === 'held' && (
        <Notice tone="info">
          The items move on {when(trade.iHoldUntil)}. {trade.sHoldReason}
        </Notice>
      )}
      {trade.sEndedReason && trade.sState !== 'open' && <p className={styles.muted}>{trade.sEndedReason}</p>}
      {refusal && <Notice tone="danger">{refusal}</Notice>}
      <div className={styles.actions}>
        {incoming && (
          <>
            <Button
              disabled={act.isPending}
              onClick={() => act.mutate(() => acceptTradeOffer(trade.sTradeID, acceptKey.current))}
            >
              {trade.bGift ? 'Accept gift' : 'Accept trade'}
            </Button>
            <Button
              variant="secondary"
              disabled={act.isPending}
              onClick={() => act.mutate(() => declineTradeOffer(trade.sTradeID))}
            >
              Decline
            </Button>
            {!trade.bGift && (
              <Link className={styles.counter} to={tradeComposerPath({ to: other, replaces: trade.sTradeID })}>
                Counter offer
              </Link>
            )}
          </>
        )}
        {((trade.sState === 'open' && trade.bSentByMe) || trade.sState === 'held') && (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => act.mutate(() => cancelTrade(trade.sTradeID))}
          >
            {trade.sState === 'held' ? 'Cancel trade' : 'Cancel offer'}
          </Button>
        )}
      </div>
    </article>
  );
}
