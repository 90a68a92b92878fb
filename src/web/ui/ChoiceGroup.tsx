import styles from './ChoiceGroup.module.css';

export interface Choice<T> {
  value: T;
  label: string;
}

/** One choice of a few, as a fieldset of radio buttons in a wrapping row (a ban's duration, a grant's direction). */
export function ChoiceGroup<T extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  /** The radio group's name: unique on the page. */
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange(value: NoInfer<T>): void;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value}>
            <input type="radio" name={name} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
