import { useConsoleTitle } from '../../../lib/console';

/** Placeholder of issue 29's skeleton: the helper building this screen replaces it. */
export default function StoreCatalogueScreen() {
  useConsoleTitle('Store catalogue');
  return <h1>Store catalogue</h1>;
}
