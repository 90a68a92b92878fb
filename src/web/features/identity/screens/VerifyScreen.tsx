import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { ROUTES } from '../../../../protocol/routes';
import { refreshSession, useAuth } from '../../../lib/auth';
import { afterSignInPath } from '../../../lib/entry';
import { memberKeys, memberStatus, useUserData } from '../../../lib/memberData';
import { local, STORAGE } from '../../../lib/storage';
import { Button } from '../../../ui/Button';
import { Notice } from '../../../ui/Notice';
import { sendVerificationEmail, userVerified } from '../api/identity';
import { AuthPanel } from '../components/AuthPanel';
import { onEmailVerifiedElsewhere } from '../model/verifiedSignal';

const RESEND_COOLDOWN_S = 60;
/** The gentle re-check while this tab waits (the cross-tab word usually comes first). */
const RECHECK_MS = 10_000;

/** /verify: sends the verification email once per browser, checks, and resends with a cooldown. */
export default function VerifyScreen() {
  const auth = useAuth();
  const member = useUserData();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cooldown, setCooldown] = useState(0);
  const [busy, setBusy] = useState<'check' | 'send' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'warning' | 'danger'; text: string } | null>(null);
  const email = auth.status === 'signedIn' ? auth.user.email : '';
  const status = auth.status === 'signedIn' ? memberStatus(auth.user, member.data) : null;
  const verified = auth.status === 'signedIn' && auth.user.emailVerified;
  // Verification follows registration: an account without its profile finishes that first.
  const unregistered = status?.registered === false;
  const left = useRef(false);

  // Verified (by this check, a refreshed session, or on arrival): on to the requested path or /home, once.
  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    navigate(afterSignInPath(true), { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (verified) leave();
  }, [verified, leave]);

  async function send() {
    setBusy('send');
    const answer = await sendVerificationEmail();
    setBusy(null);
    if (answer?.iErrorCode === ErrorCode.OK) {
      local.set(STORAGE.sendVerification, email);
      setCooldown(RESEND_COOLDOWN_S);
      setNotice({ tone: 'success', text: `We sent a verification link to ${email}.` });
    } else if (answer?.iErrorCode === ErrorCode.ALREADY_DONE) {
      await check();
    } else {
      setNotice({ tone: 'danger', text: errorMessage(answer?.iErrorCode) });
    }
  }

  /** `quiet`: the tab checking by itself — it moves on when verified and says nothing otherwise. */
  async function check(quiet = false) {
    if (!quiet) setBusy('check');
    await refreshSession();
    const answer = await userVerified();
    if (!quiet) setBusy(null);
    if (answer?.iErrorCode === ErrorCode.OK && answer.bVerified) {
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      leave();
    } else if (quiet) {
      return;
    } else if (answer?.iErrorCode === ErrorCode.OK) {
      setNotice({ tone: 'warning', text: 'Your email is not verified yet. Open the link in the email we sent you.' });
    } else {
      setNotice({ tone: 'danger', text: errorMessage(answer?.iErrorCode) });
    }
  }

  // docs/product.md §4: the verification email goes out once (remembered in this browser per address).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signed-in, registered address
  useEffect(() => {
    if (!status?.registered || verified) return;
    if (local.get(STORAGE.sendVerification) !== email) send();
  }, [email, status?.registered]);

  // The link opens in another tab: its word (or a gentle re-check, or coming back to this tab) moves this one on.
  const checkRef = useRef(check);
  checkRef.current = check;
  const waiting = Boolean(status?.registered) && !verified;
  useEffect(() => {
    if (!waiting) return;
    const quietCheck = () => {
      if (!left.current) checkRef.current(true);
    };
    const stop = onEmailVerifiedElsewhere(quietCheck);
    const timer = setInterval(() => document.visibilityState === 'visible' && quietCheck(), RECHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && quietCheck();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [waiting]);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  if (auth.status === 'signedOut') return <Navigate to={ROUTES.login} replace />;
  if (unregistered) return <Navigate to={ROUTES.register} replace />;

  return (
    <AuthPanel
      title="Verify your email"
      intro={
        // The notice already names the address when it says the link went out: the page says it once.
        notice?.tone === 'success' ? (
          'Open the link in that email to enter the portal. It may take a minute to arrive; look in the spam folder too.'
        ) : (
          <>
            Open the link we sent to <strong>{email}</strong> to enter the portal.
          </>
        )
      }
      footer={<Link to={ROUTES.changeAccount}>Use another account</Link>}
    >
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="stack">
        <Button onClick={() => check()} busy={busy === 'check'} style={{ width: '100%' }}>
          I have verified — check
        </Button>
        <Button
          variant="secondary"
          onClick={send}
          busy={busy === 'send'}
          disabled={cooldown > 0}
          style={{ width: '100%' }}
        >
          {cooldown > 0 ? `Resend in ${cooldown} s` : 'Resend the email'}
        </Button>
      </div>
    </AuthPanel>
  );
}
