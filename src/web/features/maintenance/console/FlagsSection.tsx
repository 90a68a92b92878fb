import { FLAG_EFFECTS, FLAG_NAMES, type FlagName, type Flags } from '../../../../protocol/flags';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import styles from './SettingsScreen.module.css';

/** The feature flags with what each does on and off; a switch per flag for those who may change them. */
export function FlagsSection({
  flags,
  canChange,
  onSwitch,
}: {
  flags: Flags | undefined;
  canChange: boolean;
  onSwitch(name: FlagName, on: boolean): void;
}) {
  return (
    <section className={`${shared.section} ${styles.section}`} aria-labelledby="flags-title">
      <h2 id="flags-title">Feature flags</h2>
      <p className={styles.muted}>
        The specification’s four flags, then the portal’s own. The server applies a change to every request at once; an
        open member tab shows it at its next page load.
      </p>
      <ul className={styles.flags}>
        {FLAG_NAMES.map((name) => {
          const on = flags?.[name];
          const effect = FLAG_EFFECTS[name];
          return (
            <li key={name} className={styles.flag} data-flag={name}>
              <div className={styles.flagHead}>
                <code className={styles.flagName}>{name}</code>
                <span className={styles.tag}>{effect.spec ? 'specification' : 'portal'}</span>
                <span className={on ? styles.on : styles.off}>{on === undefined ? '…' : on ? 'On' : 'Off'}</span>
                {canChange && on !== undefined && (
                  // The name comes from the words (axe: label-content-name-mismatch): "Switch bChat off".
                  <Button variant="secondary" className={styles.flagButton} onClick={() => onSwitch(name, !on)}>
                    Switch <span className="visually-hidden">{name} </span>
                    {on ? 'off' : 'on'}
                  </Button>
                )}
              </div>
              <dl className={styles.effects}>
                <dt>On</dt>
                <dd>{effect.on}</dd>
                <dt>Off</dt>
                <dd>{effect.off}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
