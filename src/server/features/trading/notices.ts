import { TRADES_PATH } from '../../../protocol/trading';
import { notify } from '../notifications/index';
import type { TradingDb } from './tables';

/** What a trade tells its members in the notification centre (live on every device). */
export type TradeEvent =
  | 'received'
  | 'accepted'
  | 'held'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'released'
  | 'failed'
  | 'reversed';

export interface TradeNoticeFacts {
  publicId: string;
  gift: boolean;
  fromName: string;
  toName: string;
}

/** Tells `to` about the event, once per (member, trade, event). Joins the caller's transaction. */
export async function tellTrade(
  db: TradingDb,
  to: readonly string[],
  event: TradeEvent,
  facts: TradeNoticeFacts,
  now: number,
  detail = '',
): Promise<void> {
  const what = facts.gift ? 'gift' : 'trade offer';
  const texts: Record<TradeEvent, { title: string; body: string }> = {
    received: {
      title: facts.gift ? `@${facts.fromName} sent you a gift` : `@${facts.fromName} offers you a trade`,
      body: 'Open Trades to see it, then accept or decline.',
    },
    accepted: {
      title: `@${facts.toName} accepted your ${what}`,
      body: 'The items and points have changed hands.',
    },
    held: {
      title: `Your ${what} between @${facts.fromName} and @${facts.toName} is on hold`,
      body: detail || 'The items move when the hold ends; either side may cancel until then.',
    },
    declined: { title: `@${facts.toName} declined your ${what}`, body: 'Nothing changed hands.' },
    cancelled: { title: `A ${what} was cancelled`, body: detail || 'Nothing changed hands.' },
    expired: { title: `Your ${what} to @${facts.toName} expired`, body: 'Nothing changed hands.' },
    released: {
      title: `The ${what} between @${facts.fromName} and @${facts.toName} is complete`,
      body: 'The hold ended and the items and points have changed hands.',
    },
    failed: { title: `A ${what} could not complete`, body: detail || 'Nothing changed hands.' },
    reversed: {
      title: `An operator reversed the ${what} between @${facts.fromName} and @${facts.toName}`,
      body: `Every item and point went back. ${detail}`.trim(),
    },
  };
  const text = texts[event];
  await notify(
    db,
    to,
    {
      kind: 'trade',
      key: `trade:${facts.publicId}:${event}`,
      title: text.title.slice(0, 120),
      body: text.body.slice(0, 500),
      link: TRADES_PATH,
    },
    now,
  );
}
