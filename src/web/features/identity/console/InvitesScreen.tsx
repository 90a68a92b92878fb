import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function InvitesScreen() {
  useConsoleTitle('Invites');
  return <h1>Invites</h1>;
}
