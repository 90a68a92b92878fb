import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { EMAIL_PATTERN } from '../../../../protocol/identity';
import { type AuthError, refreshSession, useAuth } from '../../../lib/auth';
import { memberKeys } from '../../../lib/memberData';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { changeEmail } from '../api/identity';
import { AccountSubPage } from '../components/AccountSubPage';
import { useMemberConfirmation } from '../components/security/useMemberConfirmation';
import { authErrorMessage } from '../model/authErrors';

/** /changeemail (signed in): a verified member confirms the new address from a link sent to it. */
export default function ChangeEmailScreen() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const confirmation = useMemberConfirmation();
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
      await confirmation.run(() => changeEmail(email.trim()));
      if (verified) {
        setOutcome({
          ok: true,
          text: `We sent a confirmation link to ${email.trim()}. Your address changes when you open it.`,
        });
      } else {
        await refreshSession();
        await queryClient.invalidateQueries({ queryKey: memberKeys.all });
        setOutcome({ ok: true, text: `Your address is now ${email.trim()}. Check it for a verification link.` });
      }
    } catch (failure) {
      setOutcome({ ok: false, text: authErrorMessage(failure as AuthError) });
    }
    setBusy(false);
  }

  return (
    <AccountSubPage
      title="Change email"
      subtitle={`Now: ${current}`}
      intro={
        verified
          ? 'We send a confirmation link to the new address. Your email changes when you open it.'
          : 'Your address changes at once, and the new one gets a verification link.'
      }
    >
      <Form
        onSubmit={submit}
        outcome={outcome && { tone: outcome.ok ? 'success' : 'danger', text: outcome.text }}
        actions={
          <Button type="submit" busy={busy}>
            Change email
          </Button>
        }
      >
        <Field
          label="New email"
          type="email"
          autoComplete="email"
          value={email}
          error={touched ? error : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Form>
      {confirmation.dialog}
    </AccountSubPage>
  );
}
