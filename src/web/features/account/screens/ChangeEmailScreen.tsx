import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { EMAIL_PATTERN } from '../../../../protocol/identityRules';
import { ROUTES } from '../../../../protocol/routes';
import { type AuthError, authRequest, refreshSession, useAuth } from '../../../lib/auth';
import { authErrorMessage } from '../../../lib/authErrors';
import { userDataQueryKey } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import styles from '../components/AccountForm.module.css';

/** /changeemail (signed in): a verified member confirms the new address from a link sent to it. */
export default function ChangeEmailScreen() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const current = auth.status === 'signedIn' ? auth.user.email : '';
  const verified = auth.status === 'signedIn' && auth.user.emailVerified;
  const error = !EMAIL_PATTERN.test(email.trim())
    ? 'Please enter a valid email address.'
    : email.trim().toLowerCase() === current
      ? 'That is already your address.'
      : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    try {
      await authRequest('/change-email', { newEmail: email.trim() });
      if (verified) {
        setOutcome({
          ok: true,
          text: `We sent a confirmation link to ${email.trim()}. Your address changes when you open it.`,
        });
      } else {
        await refreshSession();
        await queryClient.invalidateQueries({ queryKey: userDataQueryKey });
        setOutcome({ ok: true, text: `Your address is now ${email.trim()}. Check it for a verification link.` });
      }
    } catch (failure) {
      setOutcome({ ok: false, text: authErrorMessage(failure as AuthError) });
    }
    setBusy(false);
  }

  return (
    <section className={styles.narrow}>
      <Link to={ROUTES.account} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        Account
      </Link>
      <PageHeader title="Change email" subtitle={`Now: ${current}`} />
      <Card className={styles.card}>
        <p className={styles.intro}>
          {verified
            ? 'We send a confirmation link to the new address. Your email changes when you open it.'
            : 'Your address changes at once, and the new one gets a verification link.'}
        </p>
        <form onSubmit={submit} noValidate>
          <Field
            label="New email"
            type="email"
            autoComplete="email"
            value={email}
            error={touched ? error : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {outcome && <Notice tone={outcome.ok ? 'success' : 'danger'}>{outcome.text}</Notice>}
          <div className={styles.actions}>
            <Button type="submit" busy={busy}>
              Change email
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
