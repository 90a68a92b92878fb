import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function CurseScreen() {
  useConsoleTitle('Curse-breaker');
  return <h1>Curse-breaker</h1>;
}
