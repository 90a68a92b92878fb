import { useQuery } from '@tanstack/react-query';
import { SIGN_IN_HISTORY_LENGTH, type SignInView } from '../../../../../protocol/memberAccount';
import { Card } from '../../../../ui/Card';
import { Notice } from '../../../../ui/Notice';
import { signInsQuery, when } from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';
import styles from './accountLists.module.css';

/** "Signed in", or "Signed in 3 times" for alike sign-ins in a row (every tab signs in on its own). */
function headline(s: SignInView): string {
  const what = s.bSuccess ? 'Signed in' : 'Failed sign-in';
  if (s.iCount <= 1) return what;
  return s.bSuccess ? `${what} ${s.iCount} times` : `${s.iCount} failed sign-ins`;
}

/** When: one time, or the first and last of a group. */
function span(s: SignInView): string {
  const last = when(s.iAt);
  const first = when(s.iFirstAt);
  return s.iCount > 1 && first !== last ? `${first} – ${last}` : last;
}

/** The last 30 sign-ins, successes and failures, with device and IP; alike ones in a row are one entry. */
export default function SignInHistoryCard() {
  const signIns = useQuery(signInsQuery);
  return (
    <Card className={accountStyles.card}>
      <h2>Recent sign-ins</h2>
      <p className={accountStyles.intro}>
        The last {SIGN_IN_HISTORY_LENGTH}. A sign-in from a new device also sends you an email.
      </p>
      {signIns.isError && <Notice tone="danger">Your sign-ins could not be loaded.</Notice>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.scroll} tabIndex={0} aria-label="Recent sign-ins">
        <ul className={styles.list} data-testid="sign-ins">
          {(signIns.data ?? []).map((s) => (
            <li key={`${s.iAt}-${s.sDevice}-${s.sIP}-${s.bSuccess}`} className={styles.row}>
              <span className={styles.what}>
                <strong>
                  {headline(s)}
                  {!s.bSuccess && <span className={`${styles.tag} ${styles.failed}`}>wrong password</span>}
                  {s.bNewDevice && <span className={styles.tag}>new device</span>}
                </strong>
                <span className={styles.meta}>
                  {s.sDevice} · IP {s.sIP || 'unknown'} · {span(s)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
