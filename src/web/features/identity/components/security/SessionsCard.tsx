import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../../protocol/errors';
import type { MemberDeviceView } from '../../../../../protocol/memberAccount';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { Notice } from '../../../../ui/Notice';
import { endMyDevice, endMyOtherSessions, memberAccountKeys, sessionsQuery, when } from '../../api/memberAccount';
import accountStyles from '../AccountForm.module.css';
import styles from './accountLists.module.css';

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/** "first signed in 27 Nov 2026, 11:15 · last 28 Nov 2026, 09:02" (one time when they are the same minute). */
function signInSpan(device: MemberDeviceView): string {
  const first = when(device.iFirstSignInAt);
  const last = when(device.iLastSignInAt);
  return first === last ? `signed in ${last}` : `first signed in ${first} · last ${last}`;
}

/**
 * The member's signed-in devices (issue 42): every tab signs in on its own, so a device's sessions
 * (same browser, address and trusted mark) are one row with their count and its first and last
 * sign-in; sign a device out, this device's other tabs, or everything else.
 */
export default function SessionsCard() {
  const queryClient = useQueryClient();
  const devices = useQuery(sessionsQuery);
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

  const list = devices.data ?? [];
  const others = list.reduce((sum, d) => sum + (d.bThisDevice ? d.iSessions - 1 : d.iSessions), 0);
  return (
    <Card className={accountStyles.card}>
      <h2>Signed-in devices</h2>
      <p className={accountStyles.intro}>Each tab signs in on its own: a device shows how many sessions it holds.</p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {devices.isError && <Notice tone="danger">Your sessions could not be loaded.</Notice>}
      <ul className={styles.list} aria-label="Signed-in devices" data-testid="sessions">
        {list.map((d) => (
          <li key={d.sDeviceID} className={styles.row} data-testid="device">
            <span className={styles.what}>
              <strong>
                {d.sDevice}
                {d.bThisDevice && <span className={styles.tag}>this device</span>}
                {d.bTrusted && <span className={styles.tag}>trusted</span>}
              </strong>
              <span className={styles.meta}>
                IP {d.sIP || 'unknown'} · {sessions(d.iSessions)} · last active {when(d.iLastActiveAt)}
              </span>
              <span className={`${styles.meta} ${styles.block}`}>{signInSpan(d)}</span>
            </span>
            {d.bThisDevice ? (
              d.iSessions > 1 && (
                <Button
                  variant="secondary"
                  busy={busy === d.sDeviceID}
                  onClick={() =>
                    run(
                      d.sDeviceID,
                      () => endMyDevice(d.sDeviceID),
                      (n) => `${sessions(n)} of this device signed out; this tab stays signed in.`,
                    )
                  }
                >
                  Sign out my other tabs here
                </Button>
              )
            ) : (
              <Button
                variant="secondary"
                busy={busy === d.sDeviceID}
                aria-label={`Sign out this device: ${d.sDevice}, IP ${d.sIP || 'unknown'}, ${sessions(d.iSessions)}`}
                onClick={() =>
                  run(
                    d.sDeviceID,
                    () => endMyDevice(d.sDeviceID),
                    (n) => `${d.sDevice} is signed out (${sessions(n)}).`,
                  )
                }
              >
                Sign out this device
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <Button
          variant="secondary"
          busy={busy === 'others'}
          onClick={() => run('others', endMyOtherSessions, (n) => `${sessions(n)} signed out everywhere else.`)}
        >
          <LogOut size={16} aria-hidden="true" />
          Sign out everywhere else
        </Button>
      )}
    </Card>
  );
}
