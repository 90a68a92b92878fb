import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { EMAIL_PATTERN, passwordProblem, usernameProblem } from '../../../../protocol/identity';
import { ROUTES } from '../../../../protocol/routes';
import { useAuth } from '../../../lib/auth';
import { forgetGuest, guestRegistrationFields, loadGuest } from '../../../lib/guest';
import { memberKeys, memberStatus, useUserData } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { Loading } from '../../../ui/Loading';
import { AuthPanel } from '../components/AuthPanel';
import { PasswordFields, RegisterNotices, UsernameField } from '../components/RegisterFields';
import styles from '../components/RegisterForm.module.css';
import { authErrorMessage } from '../model/authErrors';
import { flowDeps } from '../model/deps';
import { type FlowDeps, type FlowResult, runRegistration, runServerRegistration } from '../model/flows';
import { goOn, signedInTarget } from '../model/goOn';
import { getIdentity, setLoginNotice, useIdentity } from '../model/store';
import { useUsernameCheck } from '../model/useUsernameCheck';

/** The minimum age to join, stated beside the Register button (docs/decisions/0167-registration-minimum-age.md). */
const MINIMUM_AGE = 13;

function failureMessage(result: Exclude<FlowResult, { ok: true }>): string {
  if (result.reason === 'alreadyRegistered' && result.error?.status !== 429) {
    return 'This email is already registered. Log in instead, or reset your password.';
  }
  if (result.error) return authErrorMessage(result.error);
  return result.sMessage ?? errorMessage(result.iErrorCode ?? ErrorCode.NO_RESPONSE);
}

/**
 * Finishing a signed-in account: a refusal signs this tab out, and the app then shows /login, so
 * the reason is left for the login form to show.
 */
const finishingDeps: FlowDeps = {
  ...flowDeps,
  signOut: async (token) => {
    const reason = errorMessage(getIdentity().login.iErrorCode);
    setLoginNotice(`Your registration could not be finished: ${reason} Log in to try again.`);
    await flowDeps.signOut(token);
  },
};

export default function RegisterScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const member = useUserData();
  const { code } = useIdentity();
  const query = new URLSearchParams(location.search);
  const sCode = query.get('sCode') ?? code.sCode;
  const referral = query.get('rb') ?? '';
  // An account that exists but never finished registration completes it here.
  const finishing = auth.status === 'signedIn';
  const lockedEmail = finishing
    ? auth.user.email
    : code.iCodeVerifyState === 1 && code.sCode === sCode
      ? code.sEmail
      : '';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [userName, setUserName] = useState('');
  const [subscribe, setSubscribe] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const check = useUsernameCheck(userName);
  const [guestWin] = useState(() => loadGuest()?.bBeatDemo === true);

  // A signed-in account with its profile (already, or just now) goes on: /verify, the requested page or /home.
  const status = auth.status === 'signedIn' ? memberStatus(auth.user, member.data) : null;
  const target =
    finishing && member.isError ? ROUTES.home : status?.registered ? signedInTarget(ROUTES.register, status) : null;
  useEffect(() => goOn(navigate, target), [target, navigate]);

  const emailValue = lockedEmail || email;
  const errors = {
    email: EMAIL_PATTERN.test(emailValue.trim()) ? undefined : 'Please enter a valid email address.',
    password: finishing ? undefined : (passwordProblem(password) ?? undefined),
    userName: usernameProblem(userName) ?? (check.status === 'taken' ? 'That username is taken.' : undefined),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (errors.email || errors.password || errors.userName) return;
    setBusy(true);
    setError(null);
    setLoginNotice(null);
    const fields = {
      sCode,
      sReferredByCode: referral,
      sUserName: userName.trim(),
      bSubscribe: subscribe,
      ...guestRegistrationFields(),
    };
    const result = finishing
      ? await runServerRegistration(finishingDeps, fields)
      : await runRegistration(flowDeps, { email: emailValue.trim(), password }, fields);
    setBusy(false);
    if (result.ok) {
      // The guest now belongs to this member (its win came along): nothing left to claim.
      forgetGuest();
      // The member's data now has a profile: the effect above moves on.
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      return;
    }
    setError(failureMessage(result));
  }

  // Registered just now, or signed in and still finding out whether there is anything to finish.
  if (done || (finishing && (!status || status.registered))) return <Loading label="Opening the portal…" />;

  return (
    <AuthPanel
      title="Register"
      intro="Join the members' club: a free Agent, a Mythopedia page and a raffle ticket await."
      footer={
        <>
          <span className="muted">Already a member?</span> <Link to={ROUTES.login}>Log in</Link>
        </>
      }
    >
      <RegisterNotices guestWin={guestWin} sCode={sCode} code={code} />
      <Form
        onSubmit={submit}
        outcome={error ? { tone: 'danger', text: error } : null}
        actions={
          <div className={styles.submitRow}>
            <Button type="submit" busy={busy}>
              {finishing ? 'Finish registration' : 'Register'}
            </Button>
            <p className={styles.terms} data-testid="terms">
              By registering you confirm you are at least {MINIMUM_AGE} years old and accept the Terms of Service and
              Privacy Policy (at the foot of this page).
            </p>
          </div>
        }
      >
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={emailValue}
          readOnly={Boolean(lockedEmail)}
          hint={lockedEmail ? (finishing ? 'Your signed-in account.' : 'This invite is for this address.') : undefined}
          error={touched ? errors.email : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {!finishing && (
          <PasswordFields password={password} onPassword={setPassword} error={touched ? errors.password : undefined} />
        )}
        <UsernameField
          userName={userName}
          onUserName={setUserName}
          check={check}
          error={errors.userName}
          touched={touched}
        />
        {referral && (
          <Field
            label="Referral code"
            value={referral}
            readOnly
            hint="A friend invited you: you both receive a raffle ticket."
          />
        )}
        <label className={styles.checkbox}>
          <input type="checkbox" checked={subscribe} onChange={(e) => setSubscribe(e.target.checked)} />
          <span>Send me news about the universe (you can stop any time)</span>
        </label>
      </Form>
    </AuthPanel>
  );
}
