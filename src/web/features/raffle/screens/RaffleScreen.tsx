import { Ticket } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function RaffleScreen() {
  return (
    <ComingSoon title="Raffle" icon={<Ticket size={30} />}>
      <p>The weekly raffle opens here soon. The tickets you earn already count: keep them for the first draw.</p>
      <ul>
        <li>One raffle a week with its prizes; enter as many of your tickets as you like while it is open.</li>
        <li>Every draw is verifiable: the seed's hash is published at opening, the entries and seed at closing.</li>
        <li>Past raffles and their winners stay browsable.</li>
      </ul>
    </ComingSoon>
  );
}
