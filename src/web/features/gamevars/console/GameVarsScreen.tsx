import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ConsoleGameVarRow } from '../../../../protocol/gamevars';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './GameVarsScreen.module.css';

const QUERY_KEY = ['console', 'gameVars'];

const TYPE_WORDS: Record<string, string> = {
  int: 'a whole number',
  float: 'a number',
  number: 'a number',
  array: 'a list, comma-separated',
  json: 'JSON',
  string: 'text',
};

/** JSON shown one value per line, so a diff points at what changed; anything else as typed. */
function lines(type: string, value: string): string[] {
  if (type === 'json') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2).split('\n');
    } catch {
      // Not JSON: shown as typed (the server says why it refuses it).
    }
  }
  if (type === 'array') return value.split(',');
  return [value];
}

type DiffLine = { kind: 'same' | 'old' | 'new'; text: string };

/** A line diff (longest common subsequence): small values, so the quadratic table is fine. */
function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = lcs[i] as number[];
      row[j] =
        before[i] === after[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ kind: 'same', text: before[i++] as string });
      j++;
    } else if (i < n && (j === m || (lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0))) {
      // What goes before what comes, as a diff reads.
      out.push({ kind: 'old', text: before[i++] as string });
    } else {
      out.push({ kind: 'new', text: after[j++] as string });
    }
  }
  return out;
}

function Diff({ type, before, after }: { type: string; before: string | null; after: string }) {
  if (before === after) return <p className={styles.muted}>No change yet: the value is what members get now.</p>;
  const rows = diffLines(before === null ? [] : lines(type, before), lines(type, after));
  return (
    <div className={styles.diff} data-testid="gamevar-diff">
      <p className={styles.diffTitle}>Before → after</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long diff scrolls, so it must be reachable by keyboard */}
      <pre tabIndex={0}>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
          <span key={index} className={styles[row.kind]}>
            {row.kind === 'old' ? (
              <del>− {row.text}</del>
            ) : row.kind === 'new' ? (
              <ins>+ {row.text}</ins>
            ) : (
              `  ${row.text}`
            )}
            {'\n'}
          </span>
        ))}
      </pre>
    </div>
  );
}

/** The game vars (issue 29): each with its type, range and reader, the value members get now, and a typed editor. */
export default function GameVarsScreen() {
  useConsoleTitle('Game vars');
  const canChange = useOperatorMay()('live:manage');
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => consoleCall('gameVarsList', {}, signal),
  });
  const [editing, setEditing] = useState<ConsoleGameVarRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [value, setValue] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const valueId = useId();

  function edit(row: ConsoleGameVarRow) {
    setDone(null);
    setEditing(row);
    setValue(row.sValue ?? row.sDefault ?? '');
    setDialogOpen(true);
  }

  async function save(reason: string) {
    if (!editing || value === (editing.sValue ?? '')) return false;
    // The server's check is the only one: its refusal (the CLI's sentence) shows in the dialog.
    const answer = await consoleCall('gameVarSet', {
      sVarID: editing.sVarID,
      sType: editing.sType,
      sValue: value,
      sReason: reason,
    });
    setDone(`${answer.pVar.sVarID} (${answer.pVar.sType}) = ${answer.pVar.sValue}`);
    await queries.invalidateQueries({ queryKey: QUERY_KEY });
  }

  const columns: ColumnDef<ConsoleGameVarRow, unknown>[] = [
    {
      id: 'var',
      header: 'Variable',
      cell: ({ row }) => (
        <span className={styles.name}>
          <code>{row.original.sVarID}</code>
          {row.original.sDescription && <span className={styles.muted}>{row.original.sDescription}</span>}
        </span>
      ),
    },
    { id: 'type', header: 'Type', cell: ({ row }) => <code>{row.original.sType}</code> },
    {
      id: 'valid',
      header: 'Accepts',
      cell: ({ row }) => (
        <span className={styles.hint}>{row.original.sHint || TYPE_WORDS[row.original.sType] || '—'}</span>
      ),
    },
    { id: 'reader', header: 'Read by', cell: ({ row }) => row.original.sReadBy ?? <em>no capability</em> },
    {
      id: 'value',
      header: 'Members get now',
      cell: ({ row }) => (
        <span className={styles.value}>
          <code>{row.original.sValue ?? row.original.sDefault ?? '—'}</code>
          {!row.original.bValid && (
            <span className={styles.warning}>Not valid: the portal uses the default, {row.original.sDefault}.</span>
          )}
        </span>
      ),
    },
    ...(canChange
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }: { row: { original: ConsoleGameVarRow } }) => (
              <button
                type="button"
                className={shared.small}
                aria-label={`Edit ${row.original.sVarID}`}
                onClick={() => edit(row.original)}
              >
                Edit
              </button>
            ),
          } satisfies ColumnDef<ConsoleGameVarRow, unknown>,
        ]
      : []),
  ];

  if (list.error) {
    return (
      <div className={shared.screen}>
        <PageHeader title="Game vars" />
        <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
      </div>
    );
  }

  const multiline = editing?.sType === 'json' || editing?.sType === 'array';
  const numeric = editing?.sType === 'int' || editing?.sType === 'float' || editing?.sType === 'number';
  return (
    <div className={shared.screen}>
      <PageHeader
        title="Game vars"
        subtitle="The values the portal’s rules read, declared by the capability that reads them. Members get a change at their next call."
      />
      {done && <Notice tone="success">{done}</Notice>}
      <DataTable
        caption={list.data ? `Game vars (${list.data.aRows.length})` : 'Game vars'}
        columns={columns}
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sVarID}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No game vars.'}
      />
      <ReasonDialog
        open={dialogOpen}
        title={editing ? `Edit ${editing.sVarID}` : ''}
        confirmLabel="Save"
        description={
          editing && (
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
          )
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={save}
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
                  onChange={(event) => setValue(event.target.value)}
                />
              ) : (
                <input
                  id={valueId}
                  value={value}
                  inputMode={editing.sType === 'int' ? 'numeric' : numeric ? 'decimal' : undefined}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => setValue(event.target.value)}
                />
              )}
            </div>
            <Diff type={editing.sType} before={editing.sValue} after={value} />
          </>
        )}
      </ReasonDialog>
    </div>
  );
}
