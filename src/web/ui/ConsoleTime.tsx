import styles from './ConsoleTime.module.css';
import {
  formatWhen,
  localZoneId,
  localZoneName,
  otherZone,
  setTimeZoneChoice,
  type TimeZoneChoice,
  useTimeZoneChoice,
} from './timeZone';

/**
 * The console's one time format (issue 38): `2026-11-28 18:00 UTC`, or the browser's zone named
 * (`2026-11-28 10:00 PST`) when the operator chose local; the other zone's reading on hover.
 */
export function When({
  ms,
  className,
  seconds = false,
}: {
  ms: number | null | undefined;
  className?: string;
  seconds?: boolean;
}) {
  const choice = useTimeZoneChoice();
  if (!ms) return <span className={className}>—</span>;
  return (
    <time className={className} dateTime={new Date(ms).toISOString()} title={otherZone(ms, choice)}>
      {formatWhen(ms, choice, seconds)}
    </time>
  );
}

const CHOICES: readonly { value: TimeZoneChoice; label: () => string; full: () => string }[] = [
  { value: 'utc', label: () => 'UTC', full: () => 'UTC' },
  { value: 'local', label: () => `Local · ${localZoneName()}`, full: () => `your browser's zone, ${localZoneId()}` },
];

/** UTC or the browser's zone for every console time; remembered by this browser. */
export function TimeZoneToggle() {
  const choice = useTimeZoneChoice();
  return (
    <fieldset className={styles.toggle}>
      <legend className={styles.legend}>Times in</legend>
      {CHOICES.map((option) => (
        <label key={option.value} className={styles.option} title={option.full()}>
          <input
            type="radio"
            name="console-time-zone"
            value={option.value}
            checked={choice === option.value}
            onChange={() => setTimeZoneChoice(option.value)}
          />
          <span>{option.label()}</span>
        </label>
      ))}
    </fieldset>
  );
}
