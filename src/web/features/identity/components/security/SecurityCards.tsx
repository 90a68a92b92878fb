import accountStyles from '../AccountForm.module.css';
import { PasskeysCard } from './PasskeysCard';
import styles from './security.module.css';
import { TwoFactorCard } from './TwoFactorCard';

/** /account's sign-in security (issue 30): two-factor and passkeys, side by side on wide screens. */
export function SecurityCards() {
  return (
    <div className={`${accountStyles.grid} ${styles.cards}`}>
      <TwoFactorCard />
      <PasskeysCard />
    </div>
  );
}
