import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function ChannelsScreen() {
  useConsoleTitle('Chat channels');
  return <h1>Chat channels</h1>;
}
