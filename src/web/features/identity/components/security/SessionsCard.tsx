import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Notice } from '../../../../ui/Notice';
import { endMyOtherSessions, endMySession, memberAccountKeys, sessionsQuery, when } from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';
import styles from './accountLists.module.css';

/** The member's signed-in devices: device, IP, last active; sign one out, or every other one. */
export default function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function run(key: string, call: () => ReturnType<typeof endMyOtherSessions>, done: (n: number) => string) {
    setBusy(key);
    setMessage(null);
    const answer = await call();
    if (answer?.iErrorCode === ErrorCode.OK) setMessage({ tone: 'success', text: done(answer.iEnded) });
    else setMessage({ tone: 'danger', text: errorMessage(answer?.iErrorCode) });
    await queryClient.invalidateQueries({ queryKey: memberAccountKeys.all });
    setBusy(null);
  }

  const others = (sessions.data ?? []).filter((s) => !s.bThisDevice).length;
  return (
    <Card className={accountStyles.card}>
      <h2>Signed-in devices</h2>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {sessions.isError && <Notice tone="danger">Your sessions could not be loaded.</Notice>}
      <ul className={styles.list} aria-label="Signed-in devices" data-testid="sessions">
        {(sessions.data ?? []).map((s) => (
          <li key={s.sSessionID} className={styles.row}>
            <span className={styles.what}>
              <strong>
                {s.sDevice}
                {s.bThisDevice && <span className={styles.tag}>this device</span>}
              </strong>
              <span className={styles.meta}>
                IP {s.sIP || 'unknown'} · last active {when(s.iLastActiveAt)}
              </span>
            </span>
            {!s.bThisDevice && (
              <Button
                variant="secondary"
                busy={busy === s.sSessionID}
                aria-label={`Sign out ${s.sDevice}, last active ${when(s.iLastActiveAt)}`}
                onClick={() =>
                  run(
                    s.sSessionID,
                    () => endMySession(s.sSessionID),
                    () => `${s.sDevice} is signed out.`,
                  )
                }
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="secondary"
          busy={busy === 'others'}
          onClick={() =>
            run('others', endMyOtherSessions, (n) => `${n} other ${n === 1 ? 'session' : 'sessions'} signed out.`)
          }
        >
          <LogOut size={16} aria-hidden="true" />
          Sign out everywhere else
        </Button>
      )}
    </Card>
  );
}
