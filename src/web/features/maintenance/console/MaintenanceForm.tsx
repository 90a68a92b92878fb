import { useId } from 'react';
import type { ConsoleSettingsAnswer } from '../../../../protocol/maintenance';
import { Button } from '../../../ui/Button';
import { type Ending, endsMaintenance, formChanges, formFrom, type MaintenanceForm } from './maintenanceChange';
import styles from './SettingsScreen.module.css';

const ENDINGS: readonly { value: Ending; label: string }[] = [
  { value: 'clear', label: 'Clear it: members get no alert' },
  { value: 'keep', label: 'Keep it: members are alerted at most every 5 minutes' },
  { value: 'replace', label: 'Leave another message' },
];

/**
 * Maintenance on or off with its message. Ending maintenance asks what becomes of the message, as
 * `maintenance off` does: cleared by default, kept, or replaced.
 */
export function MaintenanceFormFields({
  current,
  form,
  onChange,
  onReview,
}: {
  current: ConsoleSettingsAnswer['pMaintenance'];
  form: MaintenanceForm;
  onChange(next: MaintenanceForm): void;
  onReview(): void;
}) {
  const messageId = useId();
  const stateName = useId();
  const endingName = useId();
  const ends = endsMaintenance(current, form);
  const changed = formChanges(current, form);
  const showMessage = !ends || form.ending === 'replace';
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) onReview();
      }}
    >
      <fieldset className={styles.choice}>
        <legend>Portal</legend>
        <label>
          <input
            type="radio"
            name={stateName}
            checked={!form.on}
            // Ending maintenance starts from the CLI's default: the message cleared.
            onChange={() => onChange({ on: false, message: current.bMaintenance ? '' : form.message, ending: 'clear' })}
          />
          Open
        </label>
        <label>
          <input
            type="radio"
            name={stateName}
            checked={form.on}
            onChange={() =>
              onChange({ ...form, on: true, message: current.bMaintenance ? current.sMessage : form.message })
            }
          />
          In maintenance
        </label>
      </fieldset>
      {ends && (
        <fieldset className={`${styles.choice} ${styles.column}`} data-testid="maintenance-ending">
          <legend>
            The message {current.sMessage ? <>“{current.sMessage}”</> : '(none now)'} once the portal opens
          </legend>
          {ENDINGS.map((choice) => (
            <label key={choice.value}>
              <input
                type="radio"
                name={endingName}
                checked={form.ending === choice.value}
                onChange={() => onChange({ ...form, ending: choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      )}
      {showMessage && (
        <div className={styles.field}>
          <label htmlFor={messageId}>{ends ? 'New message' : 'Message'}</label>
          <textarea
            id={messageId}
            rows={2}
            maxLength={500}
            value={form.message}
            aria-describedby={`${messageId}-hint`}
            onChange={(event) => onChange({ ...form, message: event.target.value })}
          />
          <span id={`${messageId}-hint`} className={styles.muted}>
            In maintenance: shown on /maintenance. Open: an alert of maintenance to come; leave it empty for none.
          </span>
        </div>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={!changed}>
          Review and apply…
        </Button>
        {changed && (
          <Button variant="ghost" onClick={() => onChange(formFrom(current))}>
            Reset
          </Button>
        )}
      </div>
    </form>
  );
}
