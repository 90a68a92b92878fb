import type { TradeSide as Side } from '../../../../protocol/trading';
import { mediaUrl } from '../../../api/media';
import { formatCount } from '../../../ui/format';
import styles from './Trade.module.css';

/** One side of a trade: what `label` hands over (items and points). */
export function TradeSide({ label, side }: { label: string; side: Side }) {
  const nothing = side.aItems.length === 0 && side.iPoints === 0;
  return (
    <div className={styles.side}>
      <h3 className={styles.sideTitle}>{label}</h3>
      {nothing ? (
        <p className={styles.muted}>Nothing</p>
      ) : (
        <ul className={styles.things}>
          {side.aItems.map((item) => (
            <li key={item.sItemID} className={styles.thing}>
              <img src={mediaUrl(item.publicMetadata.image)} alt="" width={64} height={64} loading="lazy" />
              <span>{item.publicMetadata.name}</span>
            </li>
          ))}
          {side.iPoints > 0 && (
            <li className={`${styles.thing} ${styles.points}`}>
              <span className={styles.pointsFigure}>{formatCount(side.iPoints)}</span>
              <span>points</span>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
