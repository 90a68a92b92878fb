import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useInventory } from '../api/collectibles';
import { CollectibleCard } from '../components/CollectibleCard';
import styles from './Collections.module.css';

/** /inventory: everything the member owns, grouped by collection, with balances. */
export default function InventoryScreen() {
  const inventory = useInventory();
  if (inventory.isPending) return <Loading />;
  if (!inventory.data) return <Notice tone="danger">Your inventory could not be loaded. Please try again.</Notice>;
  const { iPoints, iRaffleTickets, aCollections } = inventory.data;
  return (
    <section>
      <PageHeader title="Inventory" subtitle="Everything you hold in the universe." />
      <div className={styles.balances}>
        <div className={styles.balance}>
          <span className={styles.amount}>{iPoints}</span> points
        </div>
        <div className={styles.balance}>
          <span className={styles.amount}>{iRaffleTickets}</span> raffle tickets
        </div>
      </div>
      {aCollections.every((c) => c.aItems.length === 0) && (
        <p className="muted">
          Nothing here yet. Log in daily and <Link to={ROUTES.games}>play</Link> to earn collectibles.
        </p>
      )}
      {aCollections
        .filter((c) => c.aItems.length > 0)
        .map((collection) => (
          <section
            key={collection.sCollectionID}
            className={styles.collection}
            aria-labelledby={`c-${collection.sCollectionID}`}
          >
            <h2 id={`c-${collection.sCollectionID}`}>
              <Link to={`${ROUTES.collectibles}?sCollectionID=${encodeURIComponent(collection.sCollectionID)}`}>
                {collection.sName}
              </Link>{' '}
              <span className={styles.count}>{collection.iCount}</span>
            </h2>
            <div className="grid">
              {collection.aItems.map((item) => (
                <CollectibleCard key={item.sItemID} item={item} to={`${ROUTES.item}?sItemID=${item.sItemID}`} />
              ))}
            </div>
          </section>
        ))}
    </section>
  );
}
