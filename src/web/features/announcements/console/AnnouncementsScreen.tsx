import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function AnnouncementsScreen() {
  useConsoleTitle('Announcements');
  return <h1>Announcements</h1>;
}
