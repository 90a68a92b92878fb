import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { ROUTES } from '../../../../../protocol/routes';
import { dropSession } from '../../../../lib/auth';
import { Loading } from '../../../../ui/Loading';
import { Notice } from '../../../../ui/Notice';
import { confirmAccountDeletion, when } from '../../api/memberAccount';

/** /authaction?mode=confirmDeletion: the emailed link schedules the deletion and signs out everywhere. */
export default function ConfirmDeletionAction({ token }: { token: string }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmAccountDeletion(token).then((answer) => {
      if (answer?.iErrorCode === ErrorCode.OK) {
        dropSession();
        setOutcome({
          ok: true,
          text: `Your account will be deleted on ${when(answer.iEraseAt)}. You are signed out everywhere; signing in before then lets you cancel.`,
        });
      } else setOutcome({ ok: false, text: errorMessage(answer?.iErrorCode) });
    });
  }, [token]);

  if (!outcome) return <Loading label="Checking your link…" />;
  return (
    <>
      <Notice tone={outcome.ok ? 'success' : 'danger'}>{outcome.text}</Notice>
      <p>
        <Link to={ROUTES.login}>Log in</Link>
      </p>
    </>
  );
}
