import { useId } from 'react';
import type { ConsoleError } from '../../../api/console';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import styles from './AnnouncementsScreen.module.css';
import type { Draft, SetDraft } from './draft';

export interface AudienceProps {
  draft: Draft;
  set: SetDraft;
  collections: readonly { sCollectionID: string; sName: string }[];
  countable: boolean;
  count: { data?: { iCount: number }; error: unknown };
}

/** "Who gets it": everyone, or members matching every criterion chosen, with the live count. */
export function AudienceFields({ draft, set, collections, countable, count }: AudienceProps) {
  const ids = { collection: useId(), audience: useId() };
  const countText = !countable
    ? 'Choose everyone or at least one criterion.'
    : count.error
      ? (count.error as ConsoleError).message
      : count.data
        ? `Matches ${formatCount(count.data.iCount)} member${count.data.iCount === 1 ? '' : 's'} now.`
        : 'Counting…';
  return (
    <fieldset className={styles.group}>
      <legend>Who gets it</legend>
      <div className={styles.choices}>
        <label>
          <input type="radio" name={ids.audience} checked={!draft.everyone} onChange={() => set('everyone', false)} />
          Members matching all of these
        </label>
        <label>
          <input type="radio" name={ids.audience} checked={draft.everyone} onChange={() => set('everyone', true)} />
          Everyone
        </label>
      </div>
      {!draft.everyone && (
        <div className={styles.criteria}>
          <Field
            label="Joined after"
            type="datetime-local"
            step={1}
            value={draft.joinedAfter}
            onChange={(event) => set('joinedAfter', event.target.value)}
          />
          <Field
            label="Joined before"
            type="datetime-local"
            step={1}
            value={draft.joinedBefore}
            onChange={(event) => set('joinedBefore', event.target.value)}
          />
          <div className={styles.field}>
            <label htmlFor={ids.collection}>Holds a collection</label>
            <select
              id={ids.collection}
              className={styles.select}
              value={draft.collection}
              onChange={(event) => set('collection', event.target.value)}
            >
              <option value="">Any (not a criterion)</option>
              {collections.map((c) => (
                <option key={c.sCollectionID} value={c.sCollectionID}>
                  {c.sName}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.checks}>
            <label>
              <input type="checkbox" checked={draft.played} onChange={(e) => set('played', e.target.checked)} />
              Has played a game
            </label>
            <label>
              <input type="checkbox" checked={draft.verified} onChange={(e) => set('verified', e.target.checked)} />
              Verified email
            </label>
          </div>
        </div>
      )}
      <output
        className={styles.count}
        aria-live="polite"
        data-testid="segment-count"
        data-idle={countable && !count.error ? undefined : ''}
      >
        {countText}
      </output>
    </fieldset>
  );
}
