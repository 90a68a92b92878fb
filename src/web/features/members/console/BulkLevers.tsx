import { useState } from 'react';
import type { ConsoleBulkAnswer, ConsoleMemberRow } from '../../../../protocol/console';
import { RESTRICTION_DURATIONS as DURATIONS, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useBulkLever } from './api';
import styles from './MembersScreen.module.css';

type Lever = 'mute' | 'note' | 'grant' | 'ban';

const LEVERS: Record<
  Lever,
  { action: string; label: string; permission: Parameters<ReturnType<typeof useOperatorMay>>[0]; done: string }
> = {
  mute: { action: 'memberMute', label: 'Mute', permission: 'member:mute', done: 'muted' },
  note: { action: 'memberNoteAdd', label: 'Add a note', permission: 'member:note', done: 'noted' },
  grant: { action: 'memberGrant', label: 'Grant points', permission: 'member:grant', done: 'granted points' },
  ban: { action: 'memberBan', label: 'Ban', permission: 'member:ban', done: 'banned' },
};

/**
 * The members list's bulk levers (issue 38, decision 0244): one lever and one reason for every
 * selected member; each goes through the single lever's checks, so some may be refused (an
 * operator who outranks you) while the others are done. The outcome names both.
 */
export function BulkLevers({ selected, onDone }: { selected: ConsoleMemberRow[]; onDone(): void }) {
  const may = useOperatorMay();
  const bulk = useBulkLever();
  const [open, setOpen] = useState<Lever | null>(null);
  const [duration, setDuration] = useState(DURATIONS[1]?.value ?? 0);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{
    lever: Lever;
    answer: ConsoleBulkAnswer;
    names: Map<string, string>;
  } | null>(null);
  const names = outcome?.names ?? new Map<string, string>();
  const levers = (Object.keys(LEVERS) as Lever[]).filter((lever) => may(LEVERS[lever].permission));
  if (levers.length === 0) return null;

  function start(lever: Lever) {
    setOutcome(null);
    setAmount('');
    setOpen(lever);
  }

  async function confirm(reason: string) {
    if (!open) return;
    const input: Record<string, unknown> =
      open === 'note'
        ? { sText: reason }
        : open === 'grant'
          ? { sAsset: 'points', iAmount: Number(amount), sKey: crypto.randomUUID(), sReason: reason }
          : { sReason: reason, iDurationMs: duration };
    const answer = await bulk.mutateAsync({
      sAction: LEVERS[open].action,
      aUserIDs: selected.map((m) => m.sUserID),
      pInput: input,
    });
    setOutcome({ lever: open, answer, names: new Map(selected.map((m) => [m.sUserID, m.sUsername || m.sEmail])) });
    onDone();
  }

  const done = outcome?.answer.aResults.filter((r) => r.iErrorCode === 0) ?? [];
  const refused = outcome?.answer.aResults.filter((r) => r.iErrorCode !== 0) ?? [];
  return (
    <>
      {selected.length > 0 && (
        <section className={styles.bulk} aria-label="Selected members">
          <span>{selected.length} selected:</span>
          {levers.map((lever) => (
            <Button key={lever} variant="secondary" onClick={() => start(lever)}>
              {LEVERS[lever].label}
            </Button>
          ))}
        </section>
      )}
      {outcome && (
        <Notice tone={refused.length > 0 ? 'warning' : 'success'}>
          <p>
            {done.length} {LEVERS[outcome.lever].done}
            {done.length > 0 ? `: ${done.map((r) => names.get(r.sUserID) ?? r.sUserID).join(', ')}` : ''}.
          </p>
          {refused.length > 0 && (
            <ul aria-label="Refused">
              {refused.map((r) => (
                <li key={r.sUserID}>
                  {names.get(r.sUserID) ?? r.sUserID}: {r.sMessage}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <ReasonDialog
        open={open !== null}
        title={open ? `${LEVERS[open].label}: ${selected.length} member${selected.length === 1 ? '' : 's'}` : ''}
        description={
          <p>
            {selected.map((m) => m.sUsername || m.sEmail).join(', ')}.{' '}
            {open === 'note' ? 'Your text is added as a note to each.' : 'One audit entry each, grouped as one batch.'}
          </p>
        }
        confirmLabel={open ? LEVERS[open].label : ''}
        danger={open === 'mute' || open === 'ban'}
        validate={() => {
          const ok = open !== 'grant' || /^[1-9]\d{0,6}$/.test(amount.trim());
          setAmountError(ok ? null : 'Enter a whole number of points, at least 1.');
          return ok;
        }}
        onClose={() => setOpen(null)}
        onConfirm={confirm}
      >
        {(open === 'mute' || open === 'ban') && (
          <ChoiceGroup
            legend="For how long?"
            name="bulk-duration"
            choices={DURATIONS}
            value={duration}
            onChange={setDuration}
          />
        )}
        {open === 'grant' && (
          <Field
            label="Points each"
            inputMode="numeric"
            value={amount}
            error={amountError ?? undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </ReasonDialog>
    </>
  );
}
