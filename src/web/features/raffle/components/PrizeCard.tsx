import { Coins, Ticket } from 'lucide-react';
import type { RafflePrize } from '../../../../protocol/raffle';
import { mediaUrl } from '../../../api/media';
import styles from './PrizeCard.module.css';

const KIND_LABEL = { item: 'Collectible', points: 'Points', tickets: 'Tickets' } as const;

/** A prize framed like a specimen plate: its art (or the gold emblem of points and tickets), name and quantity. */
export function PrizeCard({ prize }: { prize: RafflePrize }) {
  const Emblem = prize.sKind === 'points' ? Coins : Ticket;
  return (
    <article className={styles.card} aria-label={`${prize.sName}, ${prize.iQuantity} to win`}>
      <span className={styles.plate}>
        {prize.sImage ? (
          <img src={mediaUrl(prize.sImage)} alt="" loading="lazy" width={200} height={200} />
        ) : (
          <span className={styles.emblem} aria-hidden="true">
            <Emblem size={56} strokeWidth={1.4} />
            <span className={`${styles.emblemAmount} tabular`}>{prize.iAmount}</span>
          </span>
        )}
        {prize.iQuantity > 1 && <span className={`${styles.quantity} tabular`}>×{prize.iQuantity}</span>}
      </span>
      <span className={styles.kind}>{KIND_LABEL[prize.sKind]}</span>
      <span className={styles.name}>{prize.sName}</span>
    </article>
  );
}

export function PrizeGrid({ prizes }: { prizes: readonly RafflePrize[] }) {
  return (
    <div className={styles.grid}>
      {prizes.map((prize) => (
        <PrizeCard key={prize.sPrizeID} prize={prize} />
      ))}
    </div>
  );
}
