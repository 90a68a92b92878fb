import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { TRADE_BOXES, type TradeBox } from '../../../../protocol/trading';
import { usePageTitle } from '../../../lib/pageTitle';
import { Button } from '../../../ui/Button';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { listMyTrades, tradeKeys } from '../api/trading';
import styles from '../components/Trade.module.css';
import { TradeCard } from '../components/TradeCard';

const BOX_LABEL: Record<TradeBox, string> = {
  incoming: 'Incoming',
  outgoing: 'Outgoing',
  held: 'On hold',
  history: 'History',
};

const EMPTY: Record<TradeBox, string> = {
  incoming: 'No offers for you right now.',
  outgoing: 'You have no open offers.',
  held: 'No trades on hold.',
  history: 'No finished trades yet.',
};

const isBox = (value: string | null): value is TradeBox => TRADE_BOXES.includes(value as TradeBox);

/** /trades: offers to me, offers from me, accepted trades on hold, and everything finished. */
export default function TradesScreen() {
  usePageTitle('Trades');
  const [params, setParams] = useSearchParams();
  const requested = params.get('box');
  const box: TradeBox = isBox(requested) ? requested : 'incoming';
  const ids = useId();
  const page = useInfiniteQuery({
    queryKey: tradeKeys.box(box),
    queryFn: ({ pageParam }) => listMyTrades(box, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.sNextCursor || undefined,
  });
  const trades = page.data?.pages.flatMap((p) => p.aTrades) ?? [];
  const sent = params.get('sent') === '1';

  return (
    <section className={styles.page}>
      <PageHeader
        title="Trades"
        subtitle="Swap collectibles and points with other members, or send a gift."
        actions={
          <Link className={styles.newOffer} to={ROUTES.tradeComposer}>
            New offer
          </Link>
        }
      />
      {sent && <Notice tone="success">Your offer was sent.</Notice>}
      <div className={styles.tabs} role="tablist" aria-label="Trades">
        {TRADE_BOXES.map((b) => (
          <button
            key={b}
            type="button"
            role="tab"
            id={`${ids}-${b}`}
            aria-selected={box === b}
            aria-controls={`${ids}-panel`}
            className={styles.tab}
            onClick={() => setParams(b === 'incoming' ? {} : { box: b }, { replace: true })}
          >
            {BOX_LABEL[b]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${box}`} className={styles.list}>
        {page.isPending ? (
          <Loading />
        ) : page.isError ? (
          <Notice tone="danger">Your trades could not be loaded. Please try again.</Notice>
        ) : trades.length === 0 ? (
          <p className={styles.muted}>{EMPTY[box]}</p>
        ) : (
          trades.map((trade) => <TradeCard key={trade.sTradeID} trade={trade} />)
        )}
        {page.hasNextPage && (
          <Button variant="secondary" disabled={page.isFetchingNextPage} onClick={() => page.fetchNextPage()}>
            Show older
          </Button>
        )}
      </div>
    </section>
  );
}
