import { type FormEvent, useState } from 'react';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError } from '../../../api/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import { Form, type FormOutcome } from '../../../ui/Form';
import { changeOwnPassword } from './api';
import styles from './ConsoleScreens.module.css';

interface Draft {
  current: string;
  next: string;
  again: string;
}

const EMPTY: Draft = { current: '', next: '', again: '' };

/** Every field's problem at once (null: fine). */
function problemsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (!draft.current) problems.current = 'Enter your current password.';
  if (draft.next.length < 8) problems.next = 'Use at least 8 characters.';
  else if (draft.next.length > 128) problems.next = 'Use at most 128 characters.';
  else if (draft.next === draft.current) problems.next = 'Choose a password other than the current one.';
  if (draft.again !== draft.next) problems.again = 'The two new passwords differ.';
  return problems;
}

/**
 * The Account screen's password card (issue 38): the current password and the new one twice.
 * Better Auth changes it; every other session of the operator ends and this one continues.
 */
export function AccountPassword({ onChanged }: { onChanged(): void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((was) => ({ ...was, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await changeOwnPassword(draft.current, draft.next);
      const ended = answer.iSessionsEnded;
      setDraft(EMPTY);
      setOutcome({
        tone: 'success',
        text: `Your password is changed. ${ended === 0 ? 'You had no other sessions' : `${ended} other session${ended === 1 ? '' : 's'} ended`}; this one continues.`,
      });
      onChanged();
    } catch (error) {
      if (error instanceof ConsoleError && error.code === ErrorCode.WRONG_PASSWORD)
        setProblems({ current: error.message });
      else setOutcome({ tone: 'danger', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`${shared.section} ${styles.card}`} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p className={shared.muted}>
        Changing it signs you out everywhere else: the console in other browsers and the portal.
      </p>
      <Form
        onSubmit={submit}
        outcome={outcome}
        actions={
          <Button type="submit" busy={busy}>
            Change password
          </Button>
        }
      >
        <div className={shared.fields}>
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={draft.current}
            error={problems.current}
            onChange={set('current')}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters."
            value={draft.next}
            error={problems.next}
            onChange={set('next')}
          />
          <Field
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={draft.again}
            error={problems.again}
            onChange={set('again')}
          />
        </div>
      </Form>
    </section>
  );
}
