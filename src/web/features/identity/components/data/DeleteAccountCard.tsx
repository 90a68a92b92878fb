import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DELETION_GRACE_DAYS } from '../../../../../protocol/memberAccount';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { useAuth } from '../../../../lib/auth';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Field } from '../../../../ui/Field';
import { Notice } from '../../../../ui/Notice';
import {
  cancelAccountDeletion,
  deletionQuery,
  memberAccountKeys,
  requestAccountDeletion,
  when,
} from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';
import styles from '../security/accountLists.module.css';

/** Delete my account: password (and a code with two-factor on), then the emailed link, then a grace period. */
export default function DeleteAccountCard() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const deletion = useQuery(deletionQuery);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const answer = await requestAccountDeletion(password, code);
    setBusy(false);
    if (answer?.iErrorCode === ErrorCode.OK) {
      setOpen(false);
      setPassword('');
      setCode('');
      const email = auth.status === 'signedIn' ? auth.user.email : 'your address';
      setMessage({ tone: 'success', text: `We sent a confirmation link to ${email}. Nothing is deleted until you use it.` });
      await queryClient.invalidateQueries({ queryKey: memberAccountKeys.deletion() });
    } else setMessage({ tone: 'danger', text: answer?.sMessage ?? errorMessage(answer?.iErrorCode) });
  }

  async function cancel() {
    setBusy(true);
    const answer = await cancelAccountDeletion();
    setBusy(false);
    setMessage(
      answer?.iErrorCode === ErrorCode.OK
        ? { tone: 'success', text: 'Your account will not be deleted.' }
        : { tone: 'danger', text: errorMessage(answer?.iErrorCode) },
    );
    await queryClient.invalidateQueries({ queryKey: memberAccountKeys.deletion() });
  }

  const state = deletion.data?.sState ?? 'none';
  const twoFactor = deletion.data?.bTwoFactor ?? false;
  return (
    <Card className={accountStyles.card}>
      <h2>Delete account</h2>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {state === 'scheduled' ? (
        <>
          <p className={accountStyles.intro} data-testid="deletion-scheduled">
            Your account will be deleted on {when(deletion.data?.iEraseAt ?? 0)}.
          </p>
          <Button variant="primary" busy={busy} onClick={cancel}>
            Keep my account
          </Button>
        </>
      ) : (
        <>
          <p className={accountStyles.intro}>
            Erases your email, name, sessions and chat messages {DELETION_GRACE_DAYS} days after you confirm by email.
            Your points and items stay counted, under no name. Signing in before then cancels the deletion.
          </p>
          {state === 'requested' && !message && (
            <Notice tone="info">A confirmation link is waiting in your email.</Notice>
          )}
          {open ? (
            <form onSubmit={submit} aria-label="Delete account">
              <Field
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {twoFactor && (
                <Field
                  label="Authenticator code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              )}
              <div className={styles.actions}>
                <Button type="submit" variant="danger" busy={busy}>
                  Email me the deletion link
                </Button>
                <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <Button variant="danger" onClick={() => setOpen(true)}>
              <Trash2 size={16} aria-hidden="true" />
              Delete my account
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
