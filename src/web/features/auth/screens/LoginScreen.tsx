import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_PATTERN } from '../../../../protocol/identityRules';
import { ROUTES } from '../../../../protocol/routes';
import { getAuthState, useAuth } from '../../../lib/auth';
import { authErrorMessage } from '../../../lib/authErrors';
import { afterSignInPath } from '../../../lib/entry';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { AuthPanel } from '../components/AuthPanel';
import { flowDeps } from '../model/deps';
import { runLogin } from '../model/flows';

export default function LoginScreen() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submitted = useRef(false);

  // A member who is already signed in has nothing to do here (a sign-in from this form navigates itself).
  useEffect(() => {
    if (auth.status === 'signedIn' && !submitted.current) {
      navigate(afterSignInPath(auth.user.emailVerified), { replace: true });
    }
  }, [auth, navigate]);

  const emailError = touched && !EMAIL_PATTERN.test(email.trim()) ? 'Please enter a valid email address.' : undefined;
  const passwordError = touched && password.length === 0 ? 'Please enter your password.' : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!EMAIL_PATTERN.test(email.trim()) || password.length === 0) return;
    setBusy(true);
    setError(null);
    submitted.current = true;
    const result = await runLogin(flowDeps, email.trim(), password);
    if (result.ok) {
      const state = getAuthState();
      navigate(afterSignInPath(state.status === 'signedIn' && state.user.emailVerified), { replace: true });
    } else {
      submitted.current = false;
      setError(result.error ? authErrorMessage(result.error) : 'That did not work. Please try again.');
    }
    setBusy(false);
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
      <form onSubmit={submit} noValidate>
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
        {error && <Notice tone="danger">{error}</Notice>}
        <Button type="submit" busy={busy}>
          Log In
        </Button>
      </form>
    </AuthPanel>
  );
}
