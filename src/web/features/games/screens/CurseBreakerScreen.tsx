import { KeyRound } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function CurseBreakerScreen() {
  return (
    <ComingSoon title="Curse Breaker" icon={<KeyRound size={30} />}>
      <p>A weekly cipher from the lore of the deep. Solve it to lift the curse.</p>
      <ul>
        <li>A new puzzle every week.</li>
        <li>A correct answer from a signed-in member earns one raffle ticket, once per week.</li>
      </ul>
    </ComingSoon>
  );
}
