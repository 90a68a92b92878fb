import { useId } from 'react';
import type { ConsoleRaffleWeekly } from '../../../../protocol/consoleRaffles';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import { localFieldHint } from '../../../ui/timeZone';
import styles from './RafflesScreen.module.css';

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export interface CreateDraft {
  title: string;
  opensAt: string;
  closesAt: string;
}

/** A new raffle's title and times (datetime-local fields, read in the browser's zone, which the hint names). */
export function CreateFields({ draft, onChange }: { draft: CreateDraft; onChange(next: CreateDraft): void }) {
  return (
    <>
      <Field
        label="Title"
        value={draft.title}
        maxLength={200}
        onChange={(event) => onChange({ ...draft, title: event.target.value })}
      />
      <div className={shared.fields}>
        <Field
          label="Opens"
          type="datetime-local"
          hint={`Empty opens it now; ${localFieldHint()}.`}
          value={draft.opensAt}
          onChange={(event) => onChange({ ...draft, opensAt: event.target.value })}
        />
        <Field
          label="Closes"
          type="datetime-local"
          hint={`${localFieldHint().replace(/^in/, 'In')}.`}
          value={draft.closesAt}
          onChange={(event) => onChange({ ...draft, closesAt: event.target.value })}
        />
      </div>
    </>
  );
}

/** The weekly automatic raffle: on or off, its UTC week times, the beacon. */
export function WeeklyFields({
  weekly,
  onChange,
}: {
  weekly: ConsoleRaffleWeekly;
  onChange(next: ConsoleRaffleWeekly): void;
}) {
  return (
    <>
      <Checkbox
        label="Schedule a raffle every week"
        checked={weekly.bAuto}
        onChange={(bAuto) => onChange({ ...weekly, bAuto })}
      />
      <div className={shared.fields}>
        <Field
          label="Opens (UTC)"
          value={weekly.sOpens}
          hint='Day and time in UTC, e.g. "Mon 00:00"'
          onChange={(event) => onChange({ ...weekly, sOpens: event.target.value })}
        />
        <Field
          label="Closes (UTC)"
          value={weekly.sCloses}
          hint='Day and time in UTC, e.g. "Sun 20:00"'
          onChange={(event) => onChange({ ...weekly, sCloses: event.target.value })}
        />
      </div>
      <Checkbox
        label="Mix a drand beacon round into the draw"
        checked={weekly.bBeacon}
        onChange={(bBeacon) => onChange({ ...weekly, bBeacon })}
      />
    </>
  );
}
