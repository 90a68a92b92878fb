import { Gamepad2 } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function GamesScreen() {
  return (
    <ComingSoon title="Games" icon={<Gamepad2 size={30} />}>
      <p>
        <strong>Monster Breaker: M1 Demo</strong> opens here soon: break the monsters' blocks with a ball and paddle,
        right in your browser.
      </p>
      <ul>
        <li>Play as a guest, then keep your progress when you register.</li>
        <li>Every win is replayed on our server, so the leaderboard is honest.</li>
        <li>Beating the M1 Demo earns a free Agent, once.</li>
      </ul>
    </ComingSoon>
  );
}
