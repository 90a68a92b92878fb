import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordProblem } from '../../../../protocol/identity';
import { ROUTES } from '../../../../protocol/routes';
import { type AuthError, dropSession, getAuthState, refreshSession } from '../../../lib/auth';
import { memberKeys } from '../../../lib/memberData';
import { BrandMark } from '../../../ui/BrandMark';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { resetPassword, verifyEmail } from '../api/identity';
import { AuthPanel } from '../components/AuthPanel';
import styles from '../components/AuthPanel.module.css';
import { authErrorMessage } from '../model/authErrors';
import { announceEmailVerified } from '../model/verifiedSignal';

const ConfirmDeletionAction = lazy(() => import('../components/data/ConfirmDeletionAction'));

type Outcome = { ok: boolean; text: string; linkDead?: boolean } | null;

/** Better Auth's answers for a link that can no longer be used. */
const DEAD_LINK = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_ALREADY_USED']);

/** Confirms an email address (verifyEmail, verifyAndChangeEmail) from an email link. */
function VerifyEmailAction({ token, changing, onVerified }: { token: string; changing: boolean; onVerified(): void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verifyEmail(token)
      .then(async () => {
        if (getAuthState().status === 'signedIn') await refreshSession();
        await queryClient.invalidateQueries({ queryKey: memberKeys.all });
        // The tab waiting on /verify (same browser) moves on by itself.
        announceEmailVerified();
        onVerified();
        setOutcome({ ok: true, text: changing ? 'Your new email address is confirmed.' : 'Your email is verified.' });
      })
      .catch((error: AuthError) => setOutcome({ ok: false, text: authErrorMessage(error) }));
  }, [token, changing, queryClient, onVerified]);

  if (!outcome) return <Loading label="Checking your link…" />;
  const signedIn = getAuthState().status === 'signedIn';
  return (
    <>
      <Notice tone={outcome.ok ? 'success' : 'danger'}>{outcome.text}</Notice>
      {outcome.ok && !changing && (
        <p data-testid="verified-next">
          {signedIn
            ? 'You are all set: enter the portal to claim your free Agent.'
            : 'What next: if the portal is still open in your other tab, it moves on by itself — you can close this one. Otherwise, log in here to claim your free Agent.'}
        </p>
      )}
      <p>
        {outcome.ok ? (
          <Link to={signedIn ? ROUTES.home : ROUTES.login}>{signedIn ? 'Enter the portal' : 'Log in'}</Link>
        ) : (
          <Link to={signedIn ? ROUTES.verify : ROUTES.login}>
            {signedIn ? 'Send a new link' : 'Log in to get a new link'}
          </Link>
        )}
      </p>
    </>
  );
}

/** Chooses a new password from a reset link. */
function ResetPasswordAction({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const problem = passwordProblem(password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      await resetPassword(password, token);
      // Every session of the account ends with a reset, this tab's too.
      dropSession();
      setOutcome({ ok: true, text: 'Your password is changed. Log in with your new password.' });
    } catch (error) {
      const failure = error as AuthError;
      setOutcome({ ok: false, text: authErrorMessage(failure), linkDead: DEAD_LINK.has(failure.code) });
    }
    setBusy(false);
  }

  if (outcome?.linkDead) {
    return (
      <>
        <Notice tone="danger">{outcome.text}</Notice>
        <p>
          <Link to={ROUTES.forgotPassword}>Request a new link</Link>
        </p>
      </>
    );
  }
  if (outcome?.ok) {
    return (
      <>
        <Notice tone="success">{outcome.text}</Notice>
        <p>
          <Link to={ROUTES.login}>Log in</Link>
        </p>
      </>
    );
  }
  return (
    <Form
      onSubmit={submit}
      outcome={
        outcome && {
          tone: 'danger',
          text: (
            <>
              {outcome.text} <Link to={ROUTES.forgotPassword}>Request a new link</Link>
            </>
          ),
        }
      }
      actions={
        <Button type="submit" busy={busy}>
          Save new password
        </Button>
      }
    >
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        hint="8 to 128 characters."
        error={touched ? (problem ?? undefined) : undefined}
        onChange={(e) => setPassword(e.target.value)}
      />
    </Form>
  );
}

const TITLES: Record<string, string> = {
  verifyEmail: 'Verify your email',
  verifyAndChangeEmail: 'Confirm your new email',
  resetPassword: 'Choose a new password',
  confirmDeletion: 'Delete your account',
};

/** /authaction?mode=…&token=…: where every account email link lands. */
export default function AuthActionScreen() {
  const [params] = useSearchParams();
  const mode = params.get('mode') ?? '';
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const title = done && mode === 'verifyEmail' ? 'Address confirmed' : TITLES[mode];

  return (
    <main id="main" className={styles.bare}>
      <Link to={ROUTES.root} className={styles.brand}>
        <BrandMark size={28} />
        <span>Cthulhu Portal</span>
      </Link>
      <AuthPanel title={title ?? 'Account link'}>
        {!title || !token ? (
          <Notice tone="danger">This link is not complete. Please open it again from your email.</Notice>
        ) : mode === 'confirmDeletion' ? (
          <Suspense fallback={<Loading />}>
            <ConfirmDeletionAction token={token} />
          </Suspense>
        ) : mode === 'resetPassword' ? (
          <ResetPasswordAction token={token} />
        ) : (
          <VerifyEmailAction
            token={token}
            changing={mode === 'verifyAndChangeEmail'}
            onVerified={() => setDone(true)}
          />
        )}
      </AuthPanel>
    </main>
  );
}
