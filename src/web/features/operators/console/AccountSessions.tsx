import { useState } from 'react';
import type { ConsoleOwnSessionRow } from '../../../../protocol/console';
import { formatWhen } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { endOwnSession } from './api';
import styles from './ConsoleScreens.module.css';

function columns(
  end: (row: ConsoleOwnSessionRow) => void,
  busy: string | null,
): ColumnDef<ConsoleOwnSessionRow, unknown>[] {
  return [
    {
      id: 'device',
      header: 'Device',
      cell: ({ row }) => (
        <>
          {row.original.sDevice}
          {row.original.bThisSession && <span className={styles.on}> (this session)</span>}
        </>
      ),
    },
    { id: 'ip', header: 'IP address', cell: ({ row }) => row.original.sIP || '—' },
    { id: 'created', header: 'Signed in', cell: ({ row }) => formatWhen(row.original.iCreatedAt) },
    { id: 'last', header: 'Last active', cell: ({ row }) => formatWhen(row.original.iLastActiveAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.bThisSession ? (
          <span className={shared.muted}>Sign out to end</span>
        ) : (
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            disabled={busy === row.original.sSessionID}
            onClick={() => end(row.original)}
          >
            End<span className="visually-hidden"> the session on {row.original.sDevice}</span>
          </button>
        ),
    },
  ];
}

/** The Account screen's console sessions (issue 38): this one marked, any other one ended here. */
export function AccountSessions({
  sessions,
  loading,
  onEnded,
}: {
  sessions: ConsoleOwnSessionRow[];
  loading: boolean;
  onEnded(): Promise<unknown>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  async function end(row: ConsoleOwnSessionRow) {
    setBusy(row.sSessionID);
    setOutcome(null);
    try {
      await endOwnSession(row.sSessionID);
      await onEnded();
      setOutcome({ tone: 'success', text: `The session on ${row.sDevice} has ended.` });
    } catch (error) {
      setOutcome({ tone: 'danger', text: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={shared.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">Console sessions</h2>
      <p className={shared.muted}>Where you are signed in to the console. End any you do not recognise.</p>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      <DataTable
        caption="Your console sessions"
        columns={columns(end, busy)}
        rows={sessions}
        rowId={(row) => row.sSessionID}
        busy={loading}
        empty={loading ? 'Loading…' : 'No console sessions.'}
      />
    </section>
  );
}
