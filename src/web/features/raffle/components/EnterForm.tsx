import { type FormEvent, useEffect, useId, useState } from 'react';
import { ErrorCode, errorMessage } from '../../../../protocol/errors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import type { FormOutcome } from '../../../ui/Form';
import { useEnterRaffle } from '../api/raffle';
import { clampTickets, newEntryKey } from '../model/enterAmount';
import styles from './EnterForm.module.css';

const plural = (n: number) => `${n} ticket${n === 1 ? '' : 's'}`;

/**
 * Enter N of your tickets (slider and number, at most what you hold), confirmed in a dialog. One
 * idempotency key per intended entry: a retry after a lost answer cannot enter twice.
 */
export function EnterForm({
  raffleId,
  title,
  tickets,
  onOutcome,
}: {
  raffleId: number;
  title: string;
  tickets: number;
  /** Told how the entry went (shown by the caller: the form goes away when the last ticket is entered). */
  onOutcome(outcome: FormOutcome | null): void;
}) {
  const id = useId();
  const [amount, setAmount] = useState(() => clampTickets(1, tickets));
  const [confirming, setConfirming] = useState(false);
  const [entryKey, setEntryKey] = useState(newEntryKey);
  const enter = useEnterRaffle();

  useEffect(() => setAmount((current) => clampTickets(current, tickets)), [tickets]);

  const choose = (value: number) => {
    setAmount(clampTickets(value, tickets));
    onOutcome(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount >= 1) setConfirming(true);
  };

  const confirm = async () => {
    let answer: Awaited<ReturnType<typeof enter.enter>>;
    try {
      answer = await enter.enter({ iRaffleID: raffleId, iTickets: amount, sIdempotencyKey: entryKey });
    } catch {
      answer = null;
    }
    setConfirming(false);
    if (answer?.iErrorCode === ErrorCode.OK) {
      onOutcome({
        tone: 'success',
        text: `You entered ${plural(amount)}. You now have ${plural(answer.iEntryTickets)} in this raffle. Good luck!`,
      });
      setEntryKey(newEntryKey());
      return;
    }
    // No answer: the same key is kept, so trying again cannot enter twice.
    if (answer) setEntryKey(newEntryKey());
    onOutcome({
      tone: 'danger',
      text: answer ? (answer.sMessage ?? errorMessage(answer.iErrorCode)) : errorMessage(null),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Enter the draw</h3>
      <div className={styles.amount}>
        <label htmlFor={`${id}-number`} className={styles.label}>
          Tickets to enter
        </label>
        <div className={styles.controls}>
          {tickets > 1 && (
            <input
              className={styles.slider}
              type="range"
              min={1}
              max={tickets}
              step={1}
              value={amount}
              onChange={(event) => choose(Number(event.target.value))}
              aria-label="Tickets to enter (slider)"
              aria-describedby={`${id}-hint`}
            />
          )}
          <input
            id={`${id}-number`}
            className={`${styles.number} tabular`}
            type="number"
            inputMode="numeric"
            min={1}
            max={tickets}
            value={amount}
            onChange={(event) => choose(Number(event.target.value))}
            aria-describedby={`${id}-hint`}
          />
          {tickets > 1 && (
            <Button variant="secondary" onClick={() => choose(tickets)} className={styles.all}>
              All {tickets}
            </Button>
          )}
        </div>
        <p id={`${id}-hint`} className={styles.hint}>
          You hold {plural(tickets)}. Each ticket is one chance; a member wins at most one prize per draw.
        </p>
      </div>
      <Button type="submit" disabled={amount < 1 || enter.isPending}>
        Enter {plural(amount)}
      </Button>

      <Dialog
        open={confirming}
        onClose={() => !enter.isPending && setConfirming(false)}
        title="Enter the raffle?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={enter.isPending}>
              Not now
            </Button>
            <Button onClick={confirm} busy={enter.isPending}>
              {enter.isPending ? 'Entering…' : `Confirm ${plural(amount)}`}
            </Button>
          </>
        }
      >
        <p>
          Enter <strong className="gold tabular">{plural(amount)}</strong> into <strong>{title}</strong>?
        </p>
        <p className="muted">
          Entered tickets stay in this draw: they cannot be taken back. You will keep {plural(tickets - amount)}.
        </p>
        {enter.isPending && (
          <div className={styles.progress} role="status">
            <span className={styles.bar} aria-hidden="true" />
            Moving your tickets into the raffle…
          </div>
        )}
      </Dialog>
    </form>
  );
}
