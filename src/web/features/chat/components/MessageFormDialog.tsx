import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Notice } from '../../../ui/Notice';
import type { Outcome } from '../model/session';
import styles from './Composer.module.css';

/**
 * What reporting a message and muting its author share: a set of choices, a note, a submit that
 * answers an Outcome (its refusal shown in the form), then a thank-you. Opens whenever `target` is set.
 */
export function MessageFormDialog<Target>({
  target,
  title,
  legend,
  choices,
  noteLabel,
  noteMax,
  noteRows,
  submitLabel,
  danger = false,
  successText,
  onClose,
  onSubmit,
}: {
  target: Target | null;
  title: string;
  legend: string;
  choices: ReactNode;
  noteLabel: string;
  noteMax: number;
  noteRows: number;
  submitLabel: string;
  danger?: boolean;
  successText: string;
  onClose(): void;
  onSubmit(target: Target, note: string): Promise<Outcome>;
}) {
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ busy: boolean; outcome: Outcome | null }>({ busy: false, outcome: null });
  const formId = useId();
  const noteId = useId();

  useEffect(() => {
    if (target === null) return;
    setNote('');
    setState({ busy: false, outcome: null });
  }, [target]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (target === null) return;
    setState({ busy: true, outcome: null });
    setState({ busy: false, outcome: await onSubmit(target, note.trim()) });
  };

  const done = state.outcome?.ok === true;
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={title}
      footer={
        done ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} variant={danger ? 'danger' : undefined} busy={state.busy}>
              {submitLabel}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Notice tone="success">{successText}</Notice>
      ) : (
        <form id={formId} className={styles.report} onSubmit={submit}>
          <fieldset>
            <legend>{legend}</legend>
            {choices}
          </fieldset>
          <label htmlFor={noteId} className={styles.noteLabel}>
            {noteLabel}
          </label>
          <textarea
            id={noteId}
            className={styles.note}
            value={note}
            maxLength={noteMax}
            rows={noteRows}
            onChange={(event) => setNote(event.target.value)}
          />
          {state.outcome && !state.outcome.ok && <Notice tone="danger">{state.outcome.message}</Notice>}
        </form>
      )}
    </Dialog>
  );
}
