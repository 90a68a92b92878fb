import { Gift, Link2, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { tradeComposerPath } from '../../../../protocol/trading';
import { useFlags } from '../../../lib/flags';
import { useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { ItemView } from '../components/ItemView';
import { shareLink } from '../model/share';
import styles from './ItemScreen.module.css';

/** /inventory/item?sItemID=…: the member's own collectible, with a share link. */
export default function ItemScreen() {
  const flags = useFlags();
  const [params] = useSearchParams();
  const sItemID = params.get('sItemID') ?? '';
  const member = useUserData();
  const referralCode = member.data?.registered ? member.data.pUserData.sReferralCode : null;
  const [copied, setCopied] = useState(false);
  const share = async () => {
    await navigator.clipboard?.writeText(shareLink(window.location.origin, sItemID, referralCode));
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <>
      <p>
        <Link to={ROUTES.inventory}>← Inventory</Link>
      </p>
      <ItemView sItemID={sItemID} shared={false}>
        <p style={{ marginTop: 'var(--space-5)' }}>
          <Button variant="secondary" onClick={share}>
            <Link2 size={16} aria-hidden="true" /> {copied ? 'Share link copied' : 'Copy share link'}
          </Button>
        </p>
        {flags.bTrading && (
          <p className={styles.tradeLinks}>
            <Link to={tradeComposerPath({ mine: sItemID, gift: true })} className={styles.tradeLink}>
              <Gift size={16} aria-hidden="true" /> Send as a gift
            </Link>
            <Link to={tradeComposerPath({ mine: sItemID })} className={styles.tradeLink}>
              <Repeat size={16} aria-hidden="true" /> Offer a trade
            </Link>
          </p>
        )}
      </ItemView>
    </>
  );
}
