import { Link } from 'react-router';
import type { ChatItemCard } from '../../../../protocol/chat';
import { ROUTES } from '../../../../protocol/routes';
import { mediaUrl } from '../../../api/media';
import { RarityChip } from '../../../ui/RarityChip';
import styles from './HowlCard.module.css';

/** A Howled collectible (docs/product.md §14): its art, name and rarity, linking to its viewer. */
export function HowlCard({ item, linked = true }: { item: ChatItemCard; linked?: boolean }) {
  const body = (
    <>
      <span className={styles.plate}>
        <img src={mediaUrl(item.sImage)} alt="" width={72} height={72} loading="lazy" />
      </span>
      <span className={styles.text}>
        <span className={styles.kicker}>Howled collectible</span>
        <span className={styles.name}>{item.sName}</span>
        {item.sRarity && <RarityChip tier={item.sRarity} />}
      </span>
    </>
  );
  if (!linked) return <span className={styles.card}>{body}</span>;
  return (
    <Link
      to={`${ROUTES.viewer}?sItemID=${encodeURIComponent(item.sItemID)}`}
      className={`${styles.card} ${styles.link}`}
      aria-label={`${item.sName}${item.sRarity ? `, ${item.sRarity}` : ''}: open in the viewer`}
    >
      {body}
    </Link>
  );
}
