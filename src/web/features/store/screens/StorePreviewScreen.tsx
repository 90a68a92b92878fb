import { useAuth } from '../../../lib/auth';
import { useUserData } from '../../../lib/memberData';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useStoreCatalogue } from '../api/store';
import { Balances } from '../components/Balances';
import { ItemGrid, StoreItemCard } from '../components/StoreItemCard';
import { StoreTabs } from '../components/StoreTabs';
import { useBalancesFrom } from '../model/purchase';

/**
 * /rewardstore while bRewardStore is off (docs/product.md §13): a look at what is coming, with no
 * buying: the cards are plates, not buttons, and nothing here calls buyStoreItem. History (the
 * points statement) stays open: what happened to a member's points never closes.
 */
export default function StorePreviewScreen() {
  const auth = useAuth();
  const member = useUserData();
  const catalogue = useStoreCatalogue();
  useBalancesFrom(catalogue.data, auth.status === 'signedIn' ? auth.user.id : '');
  const data = member.data?.registered ? member.data.pUserData : null;
  const items = catalogue.data?.aItems ?? [];
  const now = catalogue.data ? Date.now() + (catalogue.data.iNow - catalogue.dataUpdatedAt) : Date.now();

  return (
    <section>
      <PageHeader
        title="Reward Store Preview"
        subtitle="The store opens soon. Here is what is coming to its shelves."
        actions={data && <Balances points={data.iPoints} tickets={data.iRaffleTickets} />}
      />
      <StoreTabs label="Coming soon">
        <Notice tone="info">
          The Reward Store is closed for now. Keep collecting your daily login rewards: your points wait for you, and
          you will trade them for Agents, Mythopedia pages and raffle ticket bundles.
        </Notice>
        {items.length > 0 ? (
          <ItemGrid>
            {items.map((item) => (
              <StoreItemCard key={item.sStoreItemID} item={item} now={now} />
            ))}
          </ItemGrid>
        ) : (
          <ul className="muted">
            <li>Agent collectibles and Mythopedia pages;</li>
            <li>raffle ticket bundles for the weekly draw.</li>
          </ul>
        )}
      </StoreTabs>
    </section>
  );
}
