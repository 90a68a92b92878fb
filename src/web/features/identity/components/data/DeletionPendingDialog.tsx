import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { Notice } from '../../../../ui/Notice';
import {
  cancelAccountDeletion,
  deletionQuery,
  dismissDeletionNotice,
  memberAccountKeys,
  when,
} from '../../api/memberAccount';

const SEEN = 'deletionPendingSeen';

/**
 * On arrival after a sign-in during the grace period (decision 0217): the sign-in cancelled the
 * deletion, and this says so once (closing it tells the server, so no other device shows it
 * again). Should a session still meet a scheduled deletion (a sign-in the server could not mark),
 * it offers to keep the account, as before.
 */
export default function DeletionPendingDialog() {
  const queryClient = useQueryClient();
  // Fresh at every sign-in: a remembered answer may predate the emailed link's confirmation.
  const deletion = useQuery({ ...deletionQuery, refetchOnMount: 'always' });
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(SEEN) === '1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = deletion.data?.sState;
  const cancelled = state === 'cancelledAtSignIn';
  const scheduled = state === 'scheduled';
  const open = cancelled || (!dismissed && scheduled);
  // Only when there is a date to show: the first en-GB date format of a page costs 70–180 ms of
  // main thread under Lighthouse's 4× CPU, and this dialog is mounted (closed) on every member page.
  const eraseAt = cancelled || scheduled ? when(deletion.data?.iEraseAt ?? 0) : '';

  function close() {
    sessionStorage.setItem(SEEN, '1');
    setDismissed(true);
  }

  async function answer(call: () => ReturnType<typeof cancelAccountDeletion>) {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result?.iErrorCode !== ErrorCode.OK && result?.iErrorCode !== ErrorCode.NOT_FOUND) {
      setError(errorMessage(result?.iErrorCode));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: memberAccountKeys.deletion() });
    close();
  }

  if (cancelled) {
    return (
      <Dialog
        open={open}
        onClose={() => answer(dismissDeletionNotice)}
        title="Welcome back: your account stays"
        footer={
          <Button variant="primary" busy={busy} onClick={() => answer(dismissDeletionNotice)}>
            Got it
          </Button>
        }
      >
        {error && <Notice tone="danger">{error}</Notice>}
        <p>
          You signed in before your account's deletion on {eraseAt}, so the deletion is cancelled and nothing was
          erased. To delete your account after all, ask again from Account.
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Your account is set to be deleted"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Not now
          </Button>
          <Button variant="primary" busy={busy} onClick={() => answer(cancelAccountDeletion)}>
            Keep my account
          </Button>
        </>
      }
    >
      {error && <Notice tone="danger">{error}</Notice>}
      <p>You asked to delete your account. It will be erased on {eraseAt} unless you keep it.</p>
    </Dialog>
  );
}
