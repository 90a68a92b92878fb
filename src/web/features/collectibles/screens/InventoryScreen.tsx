import { Link, useSearchParams } from 'react-router';
import { RARITY_ORDER } from '../../../../protocol/collectibles';
import { ROUTES } from '../../../../protocol/routes';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { CardSkeletons } from '../../../ui/Skeleton';
import { useInventory } from '../api/collectibles';
import { CollectibleCard } from '../components/CollectibleCard';
import { type InventorySort, sortAndFilter } from '../model/sortFilter';
import styles from './Collections.module.css';

/** /inventory: everything the member owns, grouped by collection, with balances. */
export default function InventoryScreen() {
  const inventory = useInventory();
  const [params, setParams] = useSearchParams();
  const sort = (params.get('sort') ?? 'default') as InventorySort;
  const filter = params.get('show') ?? 'all';
  const choose = (key: string, value: string, none: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === none) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  if (inventory.isPending) return <CardSkeletons count={6} />;
  if (!inventory.data) return <Notice tone="danger">Your inventory could not be loaded. Please try again.</Notice>;
  const { iPoints, iRaffleTickets, aCollections } = inventory.data;
  return (
    <section>
      <PageHeader title="Inventory" subtitle="Everything you hold in the universe." />
      <div className={styles.balances}>
        <div className={styles.balance}>
          <span className={styles.amount}>{formatCount(iPoints)}</span> point{iPoints === 1 ? '' : 's'}
        </div>
        <div className={styles.balance}>
          <span className={styles.amount}>{formatCount(iRaffleTickets)}</span> raffle ticket
          {iRaffleTickets === 1 ? '' : 's'}
        </div>
      </div>
      <div className={styles.toolbar}>
        <label>
          Sort
          <select value={sort} onChange={(e) => choose('sort', e.target.value, 'default')}>
            <option value="default">Default order</option>
            <option value="name">Name A–Z</option>
            <option value="rarity">Rarest first</option>
          </select>
        </label>
        <label>
          Show
          <select value={filter} onChange={(e) => choose('show', e.target.value, 'all')}>
            <option value="all">All collectibles</option>
            <option value="new">New (not opened yet)</option>
            {RARITY_ORDER.map((tier) => (
              <option key={tier} value={tier}>
                {tier} only
              </option>
            ))}
          </select>
        </label>
      </div>
      {aCollections.every((c) => c.aItems.length === 0) && (
        <p className="muted">
          Nothing here yet. Log in daily and <Link to={ROUTES.games}>play</Link> to earn collectibles.
        </p>
      )}
      {aCollections
        .map((collection) => ({ ...collection, aItems: sortAndFilter(collection.aItems, sort, filter) }))
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
            <div className={styles.cards}>
              {collection.aItems.map((item) => (
                <CollectibleCard key={item.sItemID} item={item} to={`${ROUTES.item}?sItemID=${item.sItemID}`} />
              ))}
            </div>
            {/* getInventory answers a page of each collection (decision 0191): the rest are on its page. */}
            {collection.bMore && (
              <p className="muted">
                <Link to={`${ROUTES.collectibles}?sCollectionID=${encodeURIComponent(collection.sCollectionID)}`}>
                  See all {collection.iCount} in {collection.sName}
                </Link>
              </p>
            )}
          </section>
        ))}
      {filter !== 'all' &&
        aCollections.some((c) => c.aItems.length > 0) &&
        aCollections.every((c) => sortAndFilter(c.aItems, sort, filter).length === 0) && (
          <p className="muted">Nothing matches this filter.</p>
        )}
    </section>
  );
}
