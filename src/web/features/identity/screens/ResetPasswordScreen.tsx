import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { passwordProblem } from '../../../../protocol/identity';
import { ROUTES } from '../../../../protocol/routes';
import type { AuthError } from '../../../lib/auth';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { changePassword } from '../api/identity';
import { AccountSubPage } from '../components/AccountSubPage';
import { useMemberConfirmation } from '../components/security/useMemberConfirmation';
import { authErrorMessage } from '../model/authErrors';

/** /resetpassword (signed in): current + new password; other sessions end. */
export default function ResetPasswordScreen() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const confirmation = useMemberConfirmation();
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
      // Two-factor off: the current password typed here is the confirmation itself; on, the
      // dialog asks for it with a code (issue 35).
      if (!confirmation.askCode) await confirmation.confirm(current, '');
      await confirmation.run(() => changePassword(current, next));
      setOutcome({ ok: true, text: 'Your password is changed. Your other devices are signed out.' });
      setCurrent('');
      setNext('');
      setConfirm('');
      setTouched(false);
    } catch (error) {
      const text = error instanceof Error && !('code' in error) ? error.message : authErrorMessage(error as AuthError);
      setOutcome({ ok: false, text });
    }
    setBusy(false);
  }

  return (
    <AccountSubPage title="Change password" intro="Your other devices are signed out; this one stays signed in.">
      <Form
        onSubmit={submit}
        outcome={outcome && { tone: outcome.ok ? 'success' : 'danger', text: outcome.text }}
        actions={
          <>
            <Button type="submit" busy={busy}>
              Change password
            </Button>
            <Link to={ROUTES.forgotPassword}>Forgot your current password?</Link>
          </>
        }
      >
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
      </Form>
      {confirmation.dialog}
    </AccountSubPage>
  );
}
