import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function GameVarsScreen() {
  useConsoleTitle('Game vars');
  return <h1>Game vars</h1>;
}
