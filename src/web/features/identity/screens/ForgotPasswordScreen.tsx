import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { EMAIL_PATTERN } from '../../../../protocol/identity';
import { ROUTES } from '../../../../protocol/routes';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { sendPasswordResetEmail } from '../api/identity';
import { AuthPanel } from '../components/AuthPanel';

export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const invalid = !EMAIL_PATTERN.test(email.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    setBusy(true);
    const answer = await sendPasswordResetEmail(email.trim());
    setBusy(false);
    if (answer?.iErrorCode === ErrorCode.OK) {
      setOutcome({ tone: 'success', text: 'If an account exists for that address, we sent a link.' });
    } else {
      setOutcome({ tone: 'danger', text: errorMessage(answer?.iErrorCode) });
    }
  }

  return (
    <AuthPanel
      title="Forgot password"
      intro="Enter your email and we will send you a link to choose a new password."
      footer={<Link to={ROUTES.login}>Back to log in</Link>}
    >
      <Form
        onSubmit={submit}
        outcome={outcome}
        actions={
          <Button type="submit" busy={busy}>
            Send reset link
          </Button>
        }
      >
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={touched && invalid ? 'Please enter a valid email address.' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Form>
    </AuthPanel>
  );
}
