import type { BuyStoreItemAnswer, StoreItemView } from '../../../../protocol/store';
import { points, tickets } from '../model/labels';
import { balanceAfter } from '../model/purchase';
import styles from './ItemDialog.module.css';

/** The confirmation: what it costs and the member's points before and after. */
export function Confirmation({
  item,
  quantity,
  points: now,
}: {
  item: StoreItemView;
  quantity: number;
  points: number;
}) {
  const cost = item.iPrice * quantity;
  return (
    <div>
      <p>
        Buy <strong>{quantity > 1 ? `${quantity} × ${item.sName}` : item.sName}</strong> for{' '}
        <span className="gold">{points(cost)}</span>?
      </p>
      <dl className={styles.ledger}>
        <dt>Your points now</dt>
        <dd>{points(now)}</dd>
        <dt>This purchase</dt>
        <dd>−{points(cost)}</dd>
        <dt>Your points after</dt>
        <dd className={styles.after} data-testid="balance-after">
          {points(balanceAfter(now, item, quantity))}
        </dd>
      </dl>
      <p className="muted">Nothing is taken until you confirm, and one confirmation is never charged twice.</p>
    </div>
  );
}

/** A completed purchase: what was granted and the balances now. */
export function Outcome({ answer, item }: { answer: BuyStoreItemAnswer; item: StoreItemView }) {
  const granted = answer.pItem;
  const count = answer.aItems?.length ?? 0;
  return (
    <div className={styles.outcome}>
      <img
        className={styles.art}
        src={granted?.publicMetadata.image || item.sImage}
        alt={granted?.publicMetadata.name ?? item.sName}
        width={200}
        height={200}
      />
      <p className={styles.headline}>
        {granted
          ? count > 1
            ? `${count} × ${granted.publicMetadata.name} are in your inventory.`
            : `${granted.publicMetadata.name} is in your inventory.`
          : `+${tickets(answer.iTicketsGranted ?? 0)}, ready for the weekly raffle.`}
      </p>
      <p className="muted">
        You now have <span className="gold">{points(answer.iPoints ?? 0)}</span> and{' '}
        <span className="gold">{tickets(answer.iRaffleTickets ?? 0)}</span>.
      </p>
    </div>
  );
}
