import { Dices } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function RaffleViewerScreen() {
  return (
    <ComingSoon title="Raffle Viewer" icon={<Dices size={30} />}>
      <p>
        Watch a draw replayed, and recompute its winners in your own browser from the published seed and entries, once
        the weekly raffle opens.
      </p>
    </ComingSoon>
  );
}
