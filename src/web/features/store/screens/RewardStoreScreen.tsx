import { useAuth } from '../../../lib/auth';
import { useUserData } from '../../../lib/memberData';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useStoreCatalogue } from '../api/store';
import { Balances } from '../components/Balances';
import { Catalogue } from '../components/Catalogue';
import { StoreTabs } from '../components/StoreTabs';
import { useBalancesFrom } from '../model/purchase';

/** /rewardstore with bRewardStore on (docs/product.md §13): the catalogue and the member's points statement. */
export default function RewardStoreScreen() {
  const auth = useAuth();
  const member = useUserData();
  const catalogue = useStoreCatalogue();
  const data = member.data?.registered ? member.data.pUserData : null;
  useBalancesFrom(catalogue.data, auth.status === 'signedIn' ? auth.user.id : '');
  if (!data || auth.status !== 'signedIn') return <Loading />;

  // Windows are judged by the server's clock, carried forward from when the catalogue arrived.
  const now = catalogue.data ? Date.now() + (catalogue.data.iNow - catalogue.dataUpdatedAt) : Date.now();

  return (
    <section>
      <PageHeader
        title="Reward Store"
        subtitle="Trade the points you earn for Agents, Mythopedia pages and raffle tickets."
        actions={<Balances points={data.iPoints} tickets={data.iRaffleTickets} />}
      />
      <StoreTabs label="Catalogue">
        {catalogue.isPending ? (
          <Loading />
        ) : !catalogue.data ? (
          <Notice tone="danger">The store could not be loaded. Please try again.</Notice>
        ) : (
          <>
            {!catalogue.data.bOpen && (
              <Notice tone="warning">
                The Reward Store is closed right now. Your points are safe; please come back later.
              </Notice>
            )}
            <Catalogue
              items={catalogue.data.aItems}
              now={now}
              storeOpen={catalogue.data.bOpen}
              member={{ userId: auth.user.id, points: catalogue.data.iPoints }}
            />
          </>
        )}
      </StoreTabs>
    </section>
  );
}
