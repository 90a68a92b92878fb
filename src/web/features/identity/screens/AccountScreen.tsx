import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Check, Copy, KeyRound, LogOut, Mail, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { signOut } from '../../../lib/authSession';
import { useFlags } from '../../../lib/flags';
import { memberKeys, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import ProfileCard from '../../profiles/components/ProfileCard';
import { revokeSessions, setSubscribe } from '../api/identity';
import styles from '../components/AccountForm.module.css';
import DeleteAccountCard from '../components/data/DeleteAccountCard';
import DownloadDataCard from '../components/data/DownloadDataCard';
import { PasskeysCard } from '../components/security/PasskeysCard';
import SessionsCard from '../components/security/SessionsCard';
import SignInHistoryCard from '../components/security/SignInHistoryCard';
import { TwoFactorCard } from '../components/security/TwoFactorCard';
import { dispatchLogin } from '../model/store';

/** The wallet card (linked address, unlink, whitelist status): loaded only when bWallet is on. */
const AccountWallet = lazy(() => import('../../wallet/components/AccountWallet'));

export default function AccountScreen() {
  const flags = useFlags();
  const auth = useAuth();
  const member = useUserData();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState<'subscribe' | 'everywhere' | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!member.data?.registered || auth.status !== 'signedIn') return <Loading />;
  const user = member.data.pUserData;
  const referralLink = `${window.location.origin}${ROUTES.register}?rb=${encodeURIComponent(user.sReferralCode)}`;
  const verified = auth.user.emailVerified || user.bVerified;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(referralLink);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      setError('Copying is blocked in this browser: select the link and copy it yourself.');
    }
  }

  async function toggleSubscribe(next: boolean) {
    setBusy('subscribe');
    setError(null);
    const answer = await setSubscribe(next);
    if (answer?.iErrorCode === ErrorCode.OK) await queryClient.invalidateQueries({ queryKey: memberKeys.all });
    else setError(errorMessage(answer?.iErrorCode));
    setBusy(null);
  }

  async function signOutEverywhere() {
    setBusy('everywhere');
    await revokeSessions();
    await signOut();
    dispatchLogin({ type: 'signedOut' });
    navigate(ROUTES.login, { replace: true });
  }

  return (
    <section className={styles.page}>
      <PageHeader title="Account" subtitle={`Signed in as ${user.sUserName}`} />
      {error && <Notice tone="danger">{error}</Notice>}
      <div className={styles.grid}>
        <Card className={styles.card}>
          <h2>Profile</h2>
          <dl className={styles.facts}>
            <dt>Username</dt>
            <dd>{user.sUserName}</dd>
            <dt>Email</dt>
            <dd>
              {auth.user.email}
              <span className={`${styles.pill} ${verified ? styles.verified : styles.unverified}`}>
                {verified ? <BadgeCheck size={14} aria-hidden="true" /> : null}
                {verified ? 'verified' : 'not verified'}
              </span>
            </dd>
            {user.pReferredByUserName && (
              <>
                <dt>Referred by</dt>
                <dd>{user.pReferredByUserName}</dd>
              </>
            )}
          </dl>
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={Boolean(user.bSubscribe)}
              disabled={busy === 'subscribe'}
              onChange={(e) => toggleSubscribe(e.target.checked)}
            />
            <span>Send me news about the universe</span>
          </label>
          <nav className={styles.links} aria-label="Account settings">
            <Link to={ROUTES.changeEmail}>
              <Mail size={16} aria-hidden="true" />
              Change email
            </Link>
            <Link to={ROUTES.resetPassword}>
              <KeyRound size={16} aria-hidden="true" />
              Change password
            </Link>
            <Link to={ROUTES.changeAccount}>
              <Users size={16} aria-hidden="true" />
              Use another account
            </Link>
          </nav>
        </Card>
        <div className={styles.column}>
          <Card className={styles.card}>
            <h2>Invite friends</h2>
            <p className={styles.intro}>
              Each friend who registers with your code gets a raffle ticket, and so do you.
            </p>
            <div className={styles.codeBox}>
              <span>
                <span className="visually-hidden">Your referral code: </span>
                <span className={styles.code} data-testid="referral-code">
                  {user.sReferralCode}
                </span>
              </span>
              <Button variant="secondary" onClick={copyLink}>
                {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
                {copied ? 'Link copied' : 'Copy referral link'}
              </Button>
            </div>
            <p className={styles.link}>{referralLink}</p>
          </Card>
          {flags.bWallet && (
            <Suspense fallback={null}>
              <AccountWallet />
            </Suspense>
          )}
          <Card className={styles.card}>
            <h2>Sessions</h2>
            <p className={styles.intro}>Signs you out on every device, this one included.</p>
            <Button variant="danger" onClick={signOutEverywhere} busy={busy === 'everywhere'}>
              <LogOut size={16} aria-hidden="true" />
              Sign out everywhere
            </Button>
          </Card>
        </div>
        <ProfileCard />
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
        <SignInHistoryCard />
        <DownloadDataCard />
        <DeleteAccountCard />
      </div>
    </section>
  );
}
