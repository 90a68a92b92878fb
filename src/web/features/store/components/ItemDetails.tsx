import { useId } from 'react';
import type { StoreItemView } from '../../../../protocol/store';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { grantLabel, kindLabel, limitLabel, points, stockLabel, windowLabel } from '../model/labels';
import styles from './ItemDialog.module.css';

/** An item as the dialog first shows it: art, description, the facts a buyer weighs, how many. */
export function ItemDetails({
  item,
  now,
  quantity,
  choices,
  onQuantity,
}: {
  item: StoreItemView;
  now: number;
  quantity: number;
  /** How many the member may pick (1 hides the picker). */
  choices: number;
  onQuantity(quantity: number): void;
}) {
  const quantityId = useId();
  const when = windowLabel(item, now);
  return (
    <div className={styles.details}>
      <img className={styles.art} src={item.sImage} alt={item.sName} width={240} height={240} />
      <div className={styles.text}>
        <span className={styles.kind}>{kindLabel(item.sKind)}</span>
        <LazyMarkdown>{item.sDescription}</LazyMarkdown>
        <dl className={styles.facts}>
          <dt>Price</dt>
          <dd className="gold">{points(item.iPrice)}</dd>
          <dt>You get</dt>
          <dd>{grantLabel(item)}</dd>
          <dt>Stock</dt>
          <dd>{stockLabel(item)}</dd>
          <dt>Your limit</dt>
          <dd>{limitLabel(item)}</dd>
          {when && (
            <>
              <dt>When</dt>
              <dd>{when}</dd>
            </>
          )}
        </dl>
        {choices > 1 && (
          <div className={styles.quantity}>
            <label htmlFor={quantityId}>How many</label>
            <select id={quantityId} value={quantity} onChange={(e) => onQuantity(Number(e.target.value))}>
              {Array.from({ length: choices }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </div>
  );
}
