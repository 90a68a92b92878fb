import { useId } from 'react';
import { ANNOUNCE_BODY_MAX, ANNOUNCE_TITLE_MAX } from '../../../../protocol/announcements';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { Notice } from '../../../ui/Notice';
import { zoneName } from '../../../ui/timeZone';
import styles from './AnnouncementsScreen.module.css';
import { AudienceFields, type AudienceProps } from './AudienceFields';
import type { Draft, SetDraft } from './draft';

interface Props extends AudienceProps {
  problem: string | null;
  onReview: () => void;
}

/** "New announcement": the title and markdown message beside their preview, who gets it, when and how. */
export function ComposeForm({ draft, set, problem, onReview, ...audience }: Props) {
  const bodyId = useId();
  return (
    <section className={styles.compose} aria-labelledby="compose-title">
      <h2 id="compose-title">New announcement</h2>
      <div className={styles.columns}>
        <div>
          <Field
            label="Title"
            value={draft.title}
            maxLength={ANNOUNCE_TITLE_MAX}
            hint={`${draft.title.length}/${ANNOUNCE_TITLE_MAX}`}
            onChange={(event) => set('title', event.target.value)}
          />
          <div className={styles.field}>
            <label htmlFor={bodyId}>Message (markdown)</label>
            <textarea
              id={bodyId}
              className={styles.textarea}
              value={draft.body}
              rows={6}
              maxLength={ANNOUNCE_BODY_MAX}
              aria-describedby={`${bodyId}-hint`}
              onChange={(event) => set('body', event.target.value)}
            />
            <span id={`${bodyId}-hint`} className={styles.muted}>
              **bold**, *italic*, [links](https://…), lists. {draft.body.length}/{ANNOUNCE_BODY_MAX}
            </span>
          </div>
        </div>
        <section className={styles.preview} aria-label="Preview">
          <h3>{draft.title.trim() || 'Preview'}</h3>
          {draft.body.trim() ? (
            <LazyMarkdown>{draft.body}</LazyMarkdown>
          ) : (
            <p className={styles.muted}>The message shows here as members will see it.</p>
          )}
        </section>
      </div>

      <AudienceFields draft={draft} set={set} {...audience} />
      <WhenFields draft={draft} set={set} />

      {problem && <Notice tone="warning">{problem}</Notice>}
      <div>
        <Button onClick={onReview}>Review and send</Button>
      </div>
    </section>
  );
}

/** "When and how": now or at a time, and whether by email too. */
function WhenFields({ draft, set }: { draft: Draft; set: SetDraft }) {
  const whenId = useId();
  return (
    <fieldset className={styles.group}>
      <legend>When and how</legend>
      <div className={styles.choices}>
        <label>
          <input type="radio" name={whenId} checked={!draft.later} onChange={() => set('later', false)} />
          Now
        </label>
        <label>
          <input type="radio" name={whenId} checked={draft.later} onChange={() => set('later', true)} />
          At a time
        </label>
      </div>
      {draft.later && (
        <Field
          label={`Send at (${zoneName()})`}
          type="datetime-local"
          value={draft.at}
          onChange={(event) => set('at', event.target.value)}
        />
      )}
      <p className={styles.muted}>Every member it reaches gets an entry in their notifications and a popup once.</p>
      <label className={styles.check}>
        <input type="checkbox" checked={draft.email} onChange={(e) => set('email', e.target.checked)} />
        Also by email (to members who asked for news by email)
      </label>
    </fieldset>
  );
}
