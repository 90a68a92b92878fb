import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { ItemView } from '../components/ItemView';
import styles from './ViewerScreen.module.css';

/** /viewer?sItemID=…: a shared collectible, public, without the portal's navigation. */
export default function ViewerScreen() {
  const [params] = useSearchParams();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to={ROUTES.root} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} /> Cthulhu Portal
        </Link>
      </header>
      <div className={styles.main}>
        <ItemView sItemID={params.get('sItemID') ?? ''} shared />
      </div>
    </div>
  );
}
