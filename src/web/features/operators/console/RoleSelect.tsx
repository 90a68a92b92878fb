import { useId } from 'react';
import { CONSOLE_ROLES, type ConsoleRole } from '../../../../protocol/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import styles from './ConsoleScreens.module.css';

export const ROLE_WORDS: Record<ConsoleRole, string> = {
  admin: 'everything, including operators and grant caps',
  moderator: 'chat reports, mutes, bans, notes; reads members',
  support: 'reads members, account help, grants up to the cap, notes',
  viewer: 'reads everything, changes nothing',
};

export function RoleSelect({ value, onChange }: { value: ConsoleRole; onChange(role: ConsoleRole): void }) {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id}>Role</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as ConsoleRole)}
      >
        {CONSOLE_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <span id={`${id}-hint`} className={shared.muted}>
        {ROLE_WORDS[value]}
      </span>
    </div>
  );
}
