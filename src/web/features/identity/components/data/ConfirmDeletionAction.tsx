import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { DELETION_GRACE_DAYS } from '../../../../../protocol/memberAccount';
import { ROUTES } from '../../../../../protocol/routes';
import { dropSession, getAuthState } from '../../../../lib/auth';
import { Loading } from '../../../../ui/Loading';
import { Notice } from '../../../../ui/Notice';
import { confirmAccountDeletion, when } from '../../api/memberAccount';
import { setLoginNotice } from '../../model/store';

/** What the confirmed link tells the member, here and on /login (issue 42 item 4). */
export function deletionScheduledText(eraseAt: number): string {
  return `Your account is scheduled for deletion on ${when(eraseAt)}, ${DELETION_GRACE_DAYS} days from now. You are signed out everywhere. Signing in before then cancels the deletion and keeps your account as it is.`;
}

/**
 * /authaction?mode=confirmDeletion: the emailed link schedules the deletion and signs out
 * everywhere. A tab that was signed in goes to /login when its session drops: the same sentence
 * waits there (the login notice), so the member always reads what happens and when.
 */
export default function ConfirmDeletionAction({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmAccountDeletion(token).then((answer) => {
      if (answer?.iErrorCode === ErrorCode.OK) {
        const text = deletionScheduledText(answer.iEraseAt);
        setLoginNotice(text);
        setOutcome({ ok: true, text });
        if (getAuthState().token) dropSession();
      } else setOutcome({ ok: false, text: errorMessage(answer?.iErrorCode) });
    });
  }, [token]);

  if (!outcome) return <Loading label="Checking your link…" />;
  return (
    <>
      <Notice tone={outcome.ok ? 'warning' : 'danger'}>
        {outcome.ok && <strong>Deletion scheduled. </strong>}
        {outcome.text}
      </Notice>
      <p>
        <Link to={ROUTES.login}>{outcome.ok ? 'Changed your mind? Log in to keep your account' : 'Log in'}</Link>
      </p>
    </>
  );
}
