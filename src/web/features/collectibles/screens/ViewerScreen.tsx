import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { itemRarity } from '../../../../protocol/collectibles';
import { ErrorCode } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/pageTitle';
import { BrandMark } from '../../../ui/BrandMark';
import { RarityChip } from '../../../ui/RarityChip';
import { useItem } from '../api/collectibles';
import { ItemView } from '../components/ItemView';
import styles from './ViewerScreen.module.css';

const Footer = lazy(() => import('../../../ui/footer/Footer'));

/** /viewer?sItemID=…: a shared collectible, public: who holds it, the way in for a visitor, and the footer. */
export default function ViewerScreen() {
  const [params] = useSearchParams();
  const sItemID = params.get('sItemID') ?? '';
  const item = useItem(sItemID, true);
  const signedIn = useAuth().status === 'signedIn';
  const found = item.data?.iErrorCode === ErrorCode.OK ? item.data : null;
  // The sharer's referral code (docs/product.md §2 `rb`): a friend who joins from here credits them.
  const rb = params.get('rb');
  const join = rb ? `${ROUTES.register}?rb=${encodeURIComponent(rb)}` : ROUTES.register;
  usePageTitle(found ? found.pItem.publicMetadata.name : null);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={signedIn ? ROUTES.home : ROUTES.root} className={styles.brand}>
          <BrandMark size={28} /> Cthulhu Portal
        </Link>
        {!signedIn && (
          <Link to={join} className={styles.headerCta}>
            Join the club
          </Link>
        )}
      </header>
      <main id="main" className={styles.main}>
        {found && (
          <p className={styles.owner} data-testid="owner">
            <RarityChip tier={itemRarity(found.pItem).tier} />{' '}
            {found.sOwnerUserName ? (
              <>
                Held by <strong>{found.sOwnerUserName}</strong>
              </>
            ) : (
              'A collectible of the Cthulhu Portal'
            )}
          </p>
        )}
        <ItemView sItemID={sItemID} shared />
        {/* After the item, once it is there: it never appears above the art and then moves down. */}
        {!signedIn && !item.isPending && (
          <section className={styles.cta} aria-labelledby="join">
            <h2 id="join">Join the club and get your free Agent</h2>
            <p className="muted">
              Members receive an Agent of their own on registration, daily rewards, a weekly raffle and games.
            </p>
            <Link to={join} className={styles.ctaButton}>
              Join the club and get your free Agent
            </Link>
          </section>
        )}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
