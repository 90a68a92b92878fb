import type { ConsoleGameVarRow } from '../../../../protocol/gamevars';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';
import styles from './GameVarsScreen.module.css';

const TYPE_WORDS: Record<string, string> = {
  int: 'a whole number',
  float: 'a number',
  number: 'a number',
  array: 'a list, comma-separated',
  json: 'JSON',
  string: 'text',
};

/** The vars' columns; with `edit` (live:manage) an Edit button on each. */
export function gameVarColumns(edit?: (row: ConsoleGameVarRow) => void): ColumnDef<ConsoleGameVarRow, unknown>[] {
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
  ];
  if (!edit) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <button
          type="button"
          className={shared.small}
          aria-label={`Edit ${row.original.sVarID}`}
          onClick={() => edit(row.original)}
        >
          Edit
        </button>
      ),
    },
  ];
}
