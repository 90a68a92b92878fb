import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EMAIL_PATTERN } from '../../../../protocol/identity';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { useFlags } from '../../../lib/flags';
import { memberStatus, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { Notice } from '../../../ui/Notice';
import { AuthPanel } from '../components/AuthPanel';
import { PasskeySignIn } from '../components/security/PasskeySignIn';
import { TwoFactorStep } from '../components/security/TwoFactorStep';
import { authErrorMessage } from '../model/authErrors';
import { CodeVerifyState } from '../model/codeVerify';
import { flowDeps } from '../model/deps';
import { runLogin } from '../model/flows';
import { goOn, signedInTarget } from '../model/goOn';
import { forgetInviteCode, setLoginNotice, useIdentity } from '../model/store';

const NOTICE_TTL_MS = 5 * 60_000;

export default function LoginScreen() {
  const flags = useFlags();
  const navigate = useNavigate();
  const auth = useAuth();
  const member = useUserData();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Two-factor on: the password was right, and the code step follows with this challenge.
  const [challenge, setChallenge] = useState<string | null>(null);
  // A sign-out elsewhere may have left a reason for this form (a refused registration).
  const { notice, code } = useIdentity();
  const reason = notice && Date.now() - notice.at < NOTICE_TTL_MS ? notice.text : null;
  // An invite link whose code was refused lands here (docs/product.md §2); say why.
  const location = useLocation();
  const linkCode = new URLSearchParams(location.search).get('sCode');
  const badInvite = Boolean(linkCode) && code.sCode === linkCode && code.iCodeVerifyState === CodeVerifyState.INVALID;
  const navigateRegister = () => {
    forgetInviteCode();
    navigate(ROUTES.register);
  };

  // Signed in (by this form or before): on to the requested page, /verify, or /register to finish,
  // once the member's data is known (the guard explains a failure to load it).
  const target =
    auth.status !== 'signedIn'
      ? null
      : member.isError
        ? ROUTES.home
        : signedInTarget(ROUTES.login, memberStatus(auth.user, member.data));
  useEffect(() => goOn(navigate, target), [target, navigate]);

  const emailError = touched && !EMAIL_PATTERN.test(email.trim()) ? 'Please enter a valid email address.' : undefined;
  const passwordError = touched && password.length === 0 ? 'Please enter your password.' : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!EMAIL_PATTERN.test(email.trim()) || password.length === 0) return;
    setBusy(true);
    setError(null);
    setLoginNotice(null);
    const result = await runLogin(flowDeps, email.trim(), password);
    // Success: the sign-in change moves the member on (above); the button stays busy until then.
    if (result.ok) return;
    if (result.reason === 'secondFactor' && result.challenge) {
      setChallenge(result.challenge);
      setBusy(false);
      return;
    }
    setError(result.error ? authErrorMessage(result.error) : 'That did not work. Please try again.');
    setBusy(false);
  }

  if (challenge) {
    return (
      <AuthPanel title="Log In" intro="One more step: confirm it is you.">
        <TwoFactorStep
          email={email.trim()}
          challenge={challenge}
          onBack={(reason) => {
            setChallenge(null);
            setPassword('');
            setTouched(false);
            setError(reason ?? null);
          }}
        />
      </AuthPanel>
    );
  }

  return (
    <AuthPanel
      title="Log In"
      intro="Welcome back, seeker."
      footer={
        <>
          <Link to={ROUTES.register}>Create an account</Link>
          <Link to={ROUTES.forgotPassword}>Forgot password?</Link>
        </>
      }
    >
      {reason && <Notice tone="warning">{reason}</Notice>}
      {badInvite && (
        <Notice tone="warning">
          That invite code is not valid or has been used up.{' '}
          {flags.inviteOnly ? (
            'Ask for a new invite, or log in if you already have an account.'
          ) : (
            <>
              Log in if you already have an account, or{' '}
              <Link
                to={ROUTES.register}
                onClick={(event) => {
                  event.preventDefault();
                  navigateRegister();
                }}
              >
                register without a code
              </Link>
              .
            </>
          )}
        </Notice>
      )}
      <Form
        onSubmit={submit}
        outcome={error ? { tone: 'danger', text: error } : null}
        actions={
          <Button type="submit" busy={busy}>
            Log In
          </Button>
        }
      >
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          error={emailError}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Form>
      <PasskeySignIn />
    </AuthPanel>
  );
}
