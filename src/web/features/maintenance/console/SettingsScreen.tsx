import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function SettingsScreen() {
  useConsoleTitle('Maintenance & flags');
  return <h1>Maintenance & flags</h1>;
}
