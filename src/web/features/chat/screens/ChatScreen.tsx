import { MessagesSquare } from 'lucide-react';
import { ComingSoon } from '../../../ui/ComingSoon';

export default function ChatScreen() {
  return (
    <ComingSoon title="Howl" icon={<MessagesSquare size={30} />}>
      <p>Live chat with other members is on its way.</p>
      <ul>
        <li>Channels for general talk and themed discussions, with history.</li>
        <li>Howl a collectible from its viewer to show it to everyone.</li>
        <li>Report a message; moderators can mute and delete.</li>
      </ul>
    </ComingSoon>
  );
}
