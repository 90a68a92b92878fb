import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { passwordProblem } from '../../../../protocol/identityRules';
import { ROUTES } from '../../../../protocol/routes';
import { type AuthError, type AuthUser, acceptSession, authRequest, pickUser } from '../../../lib/auth';
import { authErrorMessage } from '../../../lib/authErrors';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import styles from '../components/AccountForm.module.css';

/** /resetpassword (signed in): current + new password; other sessions end. */
export default function ResetPasswordScreen() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const errors = {
    current: current ? undefined : 'Please enter your current password.',
    next: passwordProblem(next) ?? undefined,
    confirm: confirm === next ? undefined : 'The two new passwords differ.',
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (errors.current || errors.next || errors.confirm) return;
    setBusy(true);
    try {
      const { data, headers } = await authRequest<{ token: string; user: AuthUser }>('/change-password', {
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: true,
      });
      // Every older session ends, this one too: keep the fresh token.
      acceptSession(headers.get('set-auth-token') ?? data.token, pickUser(data.user));
      setOutcome({ ok: true, text: 'Your password is changed. Your other devices are signed out.' });
      setCurrent('');
      setNext('');
      setConfirm('');
      setTouched(false);
    } catch (error) {
      setOutcome({ ok: false, text: authErrorMessage(error as AuthError) });
    }
    setBusy(false);
  }

  return (
    <section className={styles.narrow}>
      <Link to={ROUTES.account} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        Account
      </Link>
      <PageHeader title="Change password" />
      <Card className={styles.card}>
        <p className={styles.intro}>Your other devices are signed out; this one stays signed in.</p>
        <form onSubmit={submit} noValidate>
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={current}
            error={touched ? errors.current : undefined}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            hint="8 to 128 characters."
            error={touched ? errors.next : undefined}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            error={touched ? errors.confirm : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {outcome && <Notice tone={outcome.ok ? 'success' : 'danger'}>{outcome.text}</Notice>}
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              Change password
            </Button>
            <Link to={ROUTES.forgotPassword}>Forgot your current password?</Link>
          </div>
        </form>
      </Card>
    </section>
  );
}
