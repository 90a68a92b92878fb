import type { ReactNode } from 'react';
import { availability, type StoreItemView } from '../../../../protocol/store';
import { kindLabel, limitLabel, points, stockLabel, windowLabel } from '../model/labels';
import styles from './StoreItemCard.module.css';

/**
 * One catalogue item: its art on a specimen plate, price in gold, stock left and what is left of
 * the member's limit. With `onOpen` it is a button that opens the item; without (the preview), a plate.
 */
export function StoreItemCard({
  item,
  now,
  onOpen,
  balance,
}: {
  item: StoreItemView;
  now: number;
  onOpen?(): void;
  /** The member's points: an item they cannot afford says how many they lack. */
  balance?: number;
}) {
  const soldOut = item.iStockLeft === 0;
  const short = balance === undefined ? 0 : item.iPrice - balance;
  const upcoming = availability(item, now) === 'upcoming';
  const body = (
    <>
      <span className={styles.plate}>
        <img src={item.sImage} alt="" loading="lazy" width={240} height={240} />
        {(soldOut || upcoming) && <span className={styles.stamp}>{soldOut ? 'Sold out' : 'Coming soon'}</span>}
      </span>
      <span className={styles.kind}>{kindLabel(item.sKind)}</span>
      <span className={styles.name}>{item.sName}</span>
      <span className={styles.price}>{points(item.iPrice)}</span>
      {short > 0 && !soldOut && <span className={styles.short}>You need {points(short)} more</span>}
      {onOpen && (
        <span className={styles.meta}>
          <span>{upcoming ? windowLabel(item, now) : stockLabel(item)}</span>
          <span>{limitLabel(item)}</span>
        </span>
      )}
    </>
  );
  if (!onOpen) return <div className={`${styles.card} ${styles.preview}`}>{body}</div>;
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-store-item={item.sStoreItemID}>
      {body}
    </button>
  );
}

/** The catalogue's grid: two columns on a phone, as many as fit on wider screens. */
export function ItemGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
