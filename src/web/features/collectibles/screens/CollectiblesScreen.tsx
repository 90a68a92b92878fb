import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { Loading } from '../../../ui/Loading';
import { MessagePage } from '../../../ui/MessagePage';
import { PageHeader } from '../../../ui/PageHeader';
import { CardSkeletons } from '../../../ui/Skeleton';
import { useCollection, useCollections } from '../api/collectibles';
import { CollectibleCard } from '../components/CollectibleCard';
import styles from './Collections.module.css';

function CollectionPicker() {
  const collections = useCollections();
  if (collections.isPending) return <Loading />;
  return (
    <section>
      <PageHeader title="Collections" subtitle="Choose a collection." />
      <div className={styles.picker}>
        {collections.data?.aCollections.map((c) => (
          <Card key={c.sCollectionID} interactive>
            <h2>
              <Link to={`${ROUTES.collectibles}?sCollectionID=${encodeURIComponent(c.sCollectionID)}`}>{c.sName}</Link>
            </h2>
            <p className="muted">{c.iTotal} in the world</p>
          </Card>
        ))}
      </div>
    </section>
  );
}

/** /inventory/collectibles?sCollectionID=…: the member's items of one collection, a page at a time (decision 0201). */
export default function CollectiblesScreen() {
  const [params] = useSearchParams();
  const sCollectionID = params.get('sCollectionID');
  const collection = useCollection(sCollectionID);
  if (!sCollectionID) return <CollectionPicker />;
  if (collection.isPending) return <CardSkeletons count={4} />;
  if (!collection.data) {
    return (
      <MessagePage title="Unknown collection" sub>
        <p>
          There is no collection called “{sCollectionID}”. <Link to={ROUTES.collectibles}>See all collections</Link>.
        </p>
      </MessagePage>
    );
  }
  const pages = collection.data.pages;
  const { pCollection, iCount } = pages[0] as (typeof pages)[number];
  const aItems = pages.flatMap((page) => page.aItems);
  return (
    <section>
      <PageHeader
        title={pCollection.sName}
        subtitle={`You hold ${iCount} of the ${pCollection.iTotal} ${pCollection.sName} that exist across all members.`}
      />
      {pCollection.sDescription && (
        <div className="muted" style={{ marginBottom: 'var(--space-5)' }}>
          <LazyMarkdown>{pCollection.sDescription}</LazyMarkdown>
        </div>
      )}
      {aItems.length === 0 ? (
        <p className="muted">You hold none yet.</p>
      ) : (
        <div className={styles.cards}>
          {aItems.map((item) => (
            <CollectibleCard key={item.sItemID} item={item} to={`${ROUTES.item}?sItemID=${item.sItemID}`} />
          ))}
        </div>
      )}
      {collection.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => collection.fetchNextPage()} busy={collection.isFetchingNextPage}>
            Show more ({aItems.length} of {iCount} shown)
          </Button>
        </div>
      )}
    </section>
  );
}
