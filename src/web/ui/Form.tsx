import type { FormEvent, ReactNode } from 'react';
import styles from './Form.module.css';
import { Notice, type NoticeTone } from './Notice';

export interface FormOutcome {
  tone: NoticeTone;
  text: ReactNode;
}

/**
 * The shape every account form shares: its fields, then the outcome of the last submit (if any),
 * then the action row (the submit button and any links). Validation is the caller's: the
 * browser's own is off so that messages read the same everywhere.
 */
export function Form({
  onSubmit,
  outcome,
  actions,
  children,
}: {
  onSubmit(event: FormEvent): void;
  outcome?: FormOutcome | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      <div className={styles.actions}>{actions}</div>
    </form>
  );
}
