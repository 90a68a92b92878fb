import { type FormEvent, useState } from 'react';
import type { ConsoleChatVar } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useChatLevers } from './api';
import styles from './ChannelsScreen.module.css';

/** What each var of the screen does, in the operator's words. */
const VAR_WORDS: Record<string, { title: string; what: string }> = {
  iChatAutoSlowThreshold: {
    title: 'Automatic slow mode: trigger',
    what: 'Messages within 10 s in one channel that turn its slow mode on by itself (0: never).',
  },
  iChatAutoSlowMs: {
    title: 'Automatic slow mode: wait',
    what: 'Milliseconds between one member’s messages while automatic slow mode is on.',
  },
  iChatBurst: { title: 'Rate limit: burst', what: 'Messages a member may send at once.' },
  iChatRefillMs: { title: 'Rate limit: refill', what: 'Then one more message every this many milliseconds.' },
};

/** One chat limit var: its value in force, and (for admins) a field to change it, confirmed with the diff. */
export function VarCard({ entry, editable, onSaved }: { entry: ConsoleChatVar; editable: boolean; onSaved(): void }) {
  const words = VAR_WORDS[entry.sVarID] ?? { title: entry.sVarID, what: '' };
  const [value, setValue] = useState(entry.sValue);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);
  const { setVar } = useChatLevers();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (value.trim() !== entry.sValue) setConfirming(true);
  }

  return (
    <section className={styles.var} aria-labelledby={`var-${entry.sVarID}`}>
      <h3 id={`var-${entry.sVarID}`}>{words.title}</h3>
      <p>{words.what}</p>
      <p>
        <code>{entry.sVarID}</code> now <strong className={styles.varValue}>{entry.sValue}</strong> (default{' '}
        {entry.sDefault}; accepts {entry.sHint})
      </p>
      {editable ? (
        <form className={styles.varForm} onSubmit={submit} noValidate>
          <Field
            label={`New value of ${entry.sVarID}`}
            inputMode="numeric"
            value={value}
            hint={saved ? 'Saved: members get it within seconds.' : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Save
          </Button>
        </form>
      ) : (
        <div />
      )}
      <ReasonDialog
        open={confirming}
        title={`Change ${entry.sVarID}`}
        confirmLabel="Change"
        description={
          <p className={styles.diff}>
            {entry.sVarID}: {entry.sValue} → {value.trim()}. Members’ chat follows it within seconds; the audit log
            keeps the change as <code>gamevars set</code> does.
          </p>
        }
        onClose={() => setConfirming(false)}
        onConfirm={async (sReason) => {
          await setVar(entry.sVarID, value.trim(), sReason);
          setSaved(true);
          onSaved();
        }}
      />
    </section>
  );
}
