import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { Notice } from '../../../../ui/Notice';
import { cancelAccountDeletion, deletionQuery, memberAccountKeys, when } from '../../api/memberAccount';

const SEEN = 'deletionPendingSeen';

/** After signing in during the grace period: the account is about to be deleted; keep it? Once per tab. */
export default function DeletionPendingDialog() {
  const queryClient = useQueryClient();
  // Fresh at every sign-in: a remembered answer may predate the emailed link's confirmation.
  const deletion = useQuery({ ...deletionQuery, refetchOnMount: 'always' });
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(SEEN) === '1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scheduled = deletion.data?.sState === 'scheduled';
  const open = !dismissed && scheduled;
  // Only when there is a date to show: the first en-GB date format of a page costs 70–180 ms of
  // main thread under Lighthouse's 4× CPU, and this dialog is mounted (closed) on every member page.
  const eraseAt = scheduled ? when(deletion.data?.iEraseAt ?? 0) : '';

  function close() {
    sessionStorage.setItem(SEEN, '1');
    setDismissed(true);
  }

  async function keep() {
    setBusy(true);
    const answer = await cancelAccountDeletion();
    setBusy(false);
    if (answer?.iErrorCode !== ErrorCode.OK) {
      setError(errorMessage(answer?.iErrorCode));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: memberAccountKeys.deletion() });
    close();
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
          <Button variant="primary" busy={busy} onClick={keep}>
            Keep my account
          </Button>
        </>
      }
    >
      {error && <Notice tone="danger">{error}</Notice>}
      <p>
        You asked to delete your account. It will be erased on {eraseAt} unless you keep
        it.
      </p>
    </Dialog>
  );
}
