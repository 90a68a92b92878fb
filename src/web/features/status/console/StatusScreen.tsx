import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function StatusScreen() {
  useConsoleTitle('Status');
  return <h1>Status</h1>;
}
