import { Link } from 'react-router';
import { type Collectible, itemRarity } from '../../../../protocol/collectibles';
import { mediaUrl } from '../../../api/media';
import { useFlags } from '../../../lib/flags';
import { RarityChip } from '../../../ui/RarityChip';
import styles from './CollectibleCard.module.css';

/**
 * A collectible as a card: its art framed like a specimen plate, its name, minted or not.
 * `eager` for cards in the first screenful: their art is the page's largest paint.
 */
export function CollectibleCard({ item, to, eager = false }: { item: Collectible; to: string; eager?: boolean }) {
  const flags = useFlags();
  const { name, image } = item.publicMetadata;
  return (
    <Link to={to} className={styles.card}>
      <span className={styles.plate}>
        <span className={styles.badges}>
          <RarityChip tier={itemRarity(item).tier} />
          {item.bNew && <span className={styles.new}>New</span>}
        </span>
        <img
          src={mediaUrl(image)}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          width={240}
          height={240}
        />
      </span>
      <span className={styles.name}>{name}</span>
      {/* Token ids show only where the operator allows it (bShowBlockchainID). */}
      {flags.bShowBlockchainID && (
        <span className={styles.meta}>{item.blockchainTokenId ? `#${item.blockchainTokenId}` : 'Minting...'}</span>
      )}
    </Link>
  );
}
