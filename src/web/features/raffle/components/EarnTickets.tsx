import { Link } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import styles from './EarnTickets.module.css';

/** The empty state of a member without tickets: where tickets come from (docs/product.md §9, §15). */
export function EarnTickets() {
  return (
    <div className={styles.earn}>
      <h3>No tickets yet</h3>
      <p className="muted">Tickets are earned, never bought. Here is how to get some before the draw:</p>
      <ul>
        <li>
          <strong>Invite a friend</strong> with the referral link on your <Link to={ROUTES.account}>Account</Link> page:
          you both get a ticket when they join.
        </li>
        <li>
          <strong>Log in every day</strong>: the seventh day of the daily reward cycle pays a ticket.
        </li>
        <li>
          <strong>Break the curse</strong>: solve the weekly <Link to={ROUTES.curseBreaker}>Curse Breaker</Link> cipher
          for a ticket.
        </li>
        <li>
          <strong>Win one</strong>: ticket bundles are among the raffle's own prizes.
        </li>
      </ul>
    </div>
  );
}
