import { mediaUrl } from '../../../api/media';
import styles from './Trade.module.css';

export interface PickableItem {
  sItemID: string;
  sName: string;
  sImage: string;
}

/** A grid of collectibles to tick, each a labelled checkbox (keyboard and screen readers included). */
export function ItemPicker({
  legend,
  items,
  picked,
  onToggle,
  empty,
}: {
  legend: string;
  items: readonly PickableItem[];
  picked: readonly string[];
  onToggle: (id: string) => void;
  empty: string;
}) {
  return (
    <fieldset className={styles.picker}>
      <legend>{legend}</legend>
      {items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.pickGrid}>
          {items.map((item) => (
            <li key={item.sItemID}>
              <label className={styles.pick} data-picked={picked.includes(item.sItemID) || undefined}>
                <input
                  type="checkbox"
                  checked={picked.includes(item.sItemID)}
                  onChange={() => onToggle(item.sItemID)}
                />
                <img src={mediaUrl(item.sImage)} alt="" width={96} height={96} loading="lazy" />
                <span>{item.sName}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
