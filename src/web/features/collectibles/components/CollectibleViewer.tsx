import { ChevronDown, Maximize2, MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Collectible } from '../../../../protocol/collectibles';
import { rarityLabel } from '../../../../protocol/collectibles';
import { ROUTES } from '../../../../protocol/routes';
import { mediaUrl } from '../../../api/media';
import { useFlags } from '../../../lib/flags';
import { local, STORAGE } from '../../../lib/storage';
import { Dialog } from '../../../ui/Dialog';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { RarityChip } from '../../../ui/RarityChip';
import { useCollections } from '../api/collectibles';
import { rarityClass } from '../model/rarity';
import styles from './CollectibleViewer.module.css';

export interface CollectibleViewerProps {
  item: Collectible;
  sContractAddress: string;
  /** The caller allows the Howl (chat) button; it shows only when bChat is on too. */
  allowChat: boolean;
}

function Media({ item, large = false }: { item: Collectible; large?: boolean }) {
  const { animation_url, animation_url_mime_type, image, name } = item.publicMetadata;
  if (animation_url) {
    return (
      <video
        className={large ? styles.large : styles.media}
        autoPlay
        muted
        loop
        playsInline
        poster={mediaUrl(image)}
        aria-label={name}
      >
        <source src={mediaUrl(animation_url)} type={animation_url_mime_type || undefined} />
        Your browser does not support the video tag.
      </video>
    );
  }
  return <img className={large ? styles.large : styles.media} src={mediaUrl(image)} alt={name} />;
}

/** docs/product.md §2/§3: the collectible viewer shared by /inventory/item and /viewer. */
export function CollectibleViewer({ item, sContractAddress, allowChat }: CollectibleViewerProps) {
  const flags = useFlags();
  const { name, description, attributes } = item.publicMetadata;
  const [descriptionOpen, setDescriptionOpen] = useState(() => local.get(STORAGE.viewerDescriptionOpen) !== '0');
  const [fullscreen, setFullscreen] = useState(false);
  const [headerOpen, setHeaderOpen] = useState(false);
  const showChainId = flags.bShowBlockchainID;
  // Trait percentages say what they count: "33% of Agents share this".
  const collections = useCollections();
  const collectionName =
    collections.data?.aCollections.find((c) => c.sCollectionID === item.sCollectionID)?.sName ?? 'this collection';

  // docs/product.md §2: F1 toggles an internal header state (no visible effect).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F1') return;
      event.preventDefault();
      setHeaderOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toggleDescription = () => {
    const next = !descriptionOpen;
    setDescriptionOpen(next);
    local.set(STORAGE.viewerDescriptionOpen, next ? '1' : '0');
  };

  return (
    <article className={styles.viewer} data-header-open={headerOpen}>
      <div className={styles.stage}>
        <button
          type="button"
          className={styles.frame}
          onClick={() => setFullscreen(true)}
          aria-label={`Show ${name} full screen`}
        >
          <Media item={item} />
          <span className={styles.zoom} aria-hidden="true">
            <Maximize2 size={18} />
          </span>
        </button>
      </div>
      <div className={styles.details}>
        <h1 className={styles.name}>{name}</h1>
        {showChainId && (
          <p className={styles.chain}>
            {item.blockchainTokenId ? (
              <a
                href={`https://polygonscan.com/token/${sContractAddress}?a=${encodeURIComponent(item.blockchainTokenId)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                Token #{item.blockchainTokenId}
              </a>
            ) : (
              <span className="muted">Minting...</span>
            )}
          </p>
        )}
        <dl className={styles.attributes}>
          {attributes.map((attribute) => {
            const label = rarityLabel(attribute.iCount, attribute.iTotal);
            // The Rarity trait's value (Common … Legendary) is shown as a pill beside its percentage.
            const tier = attribute.trait_type === 'Rarity' ? rarityClass(String(attribute.value)) : null;
            return (
              <div key={attribute.trait_type} className={styles.attribute}>
                <dt>{attribute.trait_type}</dt>
                <dd>
                  {tier ? (
                    <RarityChip tier={String(attribute.value)} size="large" />
                  ) : (
                    <span className={styles.value}>{attribute.value}</span>
                  )}
                  {label && (
                    <span className={`${styles.rarity} tabular`} title="Share of this collection with this trait">
                      <span>{label}</span>
                      <span className={styles.shareWords}> of {collectionName} share this</span>
                    </span>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        {description && (
          <section className={styles.description}>
            <h2>
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={descriptionOpen}
                onClick={toggleDescription}
              >
                Description
                <ChevronDown size={18} aria-hidden="true" className={descriptionOpen ? styles.open : undefined} />
              </button>
            </h2>
            {descriptionOpen && <LazyMarkdown>{description}</LazyMarkdown>}
          </section>
        )}
        {allowChat && flags.bChat && (
          <Link to={`${ROUTES.chat}?sItemID=${encodeURIComponent(item.sItemID)}`} className={styles.howl}>
            <MessagesSquare size={18} aria-hidden="true" /> Howl
          </Link>
        )}
      </div>
      <Dialog open={fullscreen} onClose={() => setFullscreen(false)} title={name} wide>
        <div className={styles.fullscreen}>
          <Media item={item} large />
        </div>
      </Dialog>
    </article>
  );
}
