import { Eye } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

/** /rewardstore while bRewardStore is off: a preview of what is coming, with no buying. */
export default function StorePreviewScreen() {
  return (
    <ComingSoon title="Reward Store Preview" icon={<Eye size={30} />}>
      <p>The Reward Store is closed for now. When it opens you will trade points for:</p>
      <ul>
        <li>Agent collectibles and Mythopedia pages;</li>
        <li>raffle ticket bundles for the weekly draw.</li>
      </ul>
      <p>Keep collecting your daily login rewards: your points wait for you.</p>
    </ComingSoon>
  );
}
