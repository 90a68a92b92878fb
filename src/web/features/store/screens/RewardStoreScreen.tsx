import { Store } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function RewardStoreScreen() {
  return (
    <ComingSoon title="Reward Store" icon={<Store size={30} />}>
      <p>Spend the points you earn on collectibles and ticket bundles. The shelves are being stocked.</p>
      <ul>
        <li>Prices in points, with limited stock.</li>
        <li>Each member may buy an item up to its limit (usually 2).</li>
        <li>A purchase either completes whole or not at all: points, stock and limits change together.</li>
      </ul>
    </ComingSoon>
  );
}
