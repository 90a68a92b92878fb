import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function RafflesScreen() {
  useConsoleTitle('Raffles');
  return <h1>Raffles</h1>;
}
