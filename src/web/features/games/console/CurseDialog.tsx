import { useId } from 'react';
import { CURSE_CIPHERS, type CurseCipher } from '../../../../protocol/curseBreaker';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import type { CurseForm } from './api';
import styles from './CurseScreen.module.css';

const CIPHER_WORDS: Record<CurseCipher, string> = {
  shift: 'each letter moved forward by the key (1–25; default 3)',
  mirror: 'A↔Z, B↔Y… (no key)',
  keyword: 'letters moved by a repeating keyword (default DAGON)',
};

export type CurseOpen = 'set' | 'clear' | null;

interface Props {
  open: CurseOpen;
  dialogOpen: boolean;
  week: string;
  form: CurseForm;
  onForm: (patch: Partial<CurseForm>) => void;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Setting a week's curse (its answer, cipher, key and words) or clearing it, with a reason. */
export function CurseDialog({ open, dialogOpen, week, form, onForm, onClose, onConfirm }: Props) {
  return (
    <ReasonDialog
      open={dialogOpen}
      title={open === 'clear' ? `Back to the generated curse of ${week}` : `Set the curse of ${week}`}
      confirmLabel={open === 'clear' ? 'Clear' : 'Set curse'}
      danger={open === 'clear'}
      description={
        open === 'clear' ? (
          <p>Members see the week’s generated puzzle at once; those who broke this one keep their ticket.</p>
        ) : (
          <p>
            Members see the new puzzle at once. Empty title, lore or hint: the generated ones. Members who already broke
            this week’s curse keep their ticket.
          </p>
        )
      }
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {open === 'set' && <CurseFields form={form} onForm={onForm} />}
    </ReasonDialog>
  );
}

function CurseFields({ form, onForm }: Pick<Props, 'form' | 'onForm'>) {
  const cipherId = useId();
  const loreId = useId();
  return (
    <>
      <Field
        label="Answer"
        autoComplete="off"
        value={form.answer}
        hint="4 to 200 characters, at least 4 of them letters; compared by its letters only."
        onChange={(event) => onForm({ answer: event.target.value })}
      />
      <div className={styles.selectField}>
        <label htmlFor={cipherId}>Cipher</label>
        <select
          id={cipherId}
          className={styles.select}
          value={form.cipher}
          aria-describedby={`${cipherId}-hint`}
          onChange={(event) => onForm({ cipher: event.target.value as CurseCipher })}
        >
          {CURSE_CIPHERS.map((cipher) => (
            <option key={cipher} value={cipher}>
              {cipher}
            </option>
          ))}
        </select>
        <span id={`${cipherId}-hint`} className={styles.muted}>
          {CIPHER_WORDS[form.cipher]}
        </span>
      </div>
      {form.cipher !== 'mirror' && (
        <Field
          label="Key"
          autoComplete="off"
          value={form.key}
          hint="Empty: the cipher’s default."
          onChange={(event) => onForm({ key: event.target.value })}
        />
      )}
      <Field
        label="Title"
        autoComplete="off"
        value={form.title}
        onChange={(event) => onForm({ title: event.target.value })}
      />
      <div className={styles.selectField}>
        <label htmlFor={loreId}>Lore</label>
        <textarea
          id={loreId}
          className={styles.textarea}
          rows={3}
          value={form.lore}
          onChange={(event) => onForm({ lore: event.target.value })}
        />
      </div>
      <Field
        label="Hint"
        autoComplete="off"
        value={form.hint}
        onChange={(event) => onForm({ hint: event.target.value })}
      />
    </>
  );
}
