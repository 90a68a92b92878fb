import { useId } from 'react';
import type { ConsoleGameVarRow } from '../../../../protocol/gamevars';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { Diff } from './GameVarDiff';
import styles from './GameVarsScreen.module.css';

interface Props {
  editing: ConsoleGameVarRow | null;
  dialogOpen: boolean;
  value: string;
  onValue: (value: string) => void;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

/** Editing one var: what it is, a field fit for its type, and the diff before → after. */
export function GameVarDialog({ editing, dialogOpen, value, onValue, onClose, onConfirm }: Props) {
  const valueId = useId();
  const multiline = editing?.sType === 'json' || editing?.sType === 'array';
  const numeric = editing?.sType === 'int' || editing?.sType === 'float' || editing?.sType === 'number';
  return (
    <ReasonDialog
      open={dialogOpen}
      title={editing ? `Edit ${editing.sVarID}` : ''}
      confirmLabel="Save"
      description={editing && <VarFacts editing={editing} />}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {editing && (
        <>
          <div className={styles.field}>
            <label htmlFor={valueId}>New value</label>
            {multiline ? (
              <textarea
                id={valueId}
                rows={editing.sType === 'json' ? 6 : 3}
                value={value}
                spellCheck={false}
                onChange={(event) => onValue(event.target.value)}
              />
            ) : (
              <input
                id={valueId}
                value={value}
                inputMode={editing.sType === 'int' ? 'numeric' : numeric ? 'decimal' : undefined}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => onValue(event.target.value)}
              />
            )}
          </div>
          <Diff type={editing.sType} before={editing.sValue} after={value} />
        </>
      )}
    </ReasonDialog>
  );
}

function VarFacts({ editing }: { editing: ConsoleGameVarRow }) {
  return (
    <>
      {editing.sDescription && <p>{editing.sDescription}</p>}
      <p className={styles.muted}>
        Type <code>{editing.sType}</code>
        {editing.sHint ? (
          <>
            , accepts <span className={styles.hint}>{editing.sHint}</span>
          </>
        ) : null}
        {editing.sReadBy ? `; read by ${editing.sReadBy}` : ''}
        {editing.sDefault !== null ? (
          <>
            ; default <code>{editing.sDefault}</code>
          </>
        ) : null}
        .
      </p>
    </>
  );
}
