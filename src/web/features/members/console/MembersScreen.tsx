import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleMemberRow } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import { formatWhen, useConsoleTitle } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { useMemberFind } from './api';
import { BulkLevers } from './BulkLevers';
import { yesNo } from './format';
import styles from './MembersScreen.module.css';

const COLUMNS: ColumnDef<ConsoleMemberRow, unknown>[] = [
  {
    id: 'sUsername',
    header: 'Username',
    accessorFn: (row) => row.sUsername,
    cell: ({ row }) => (
      <Link to={consoleMemberPath(row.original.sUserID)}>{row.original.sUsername || '(no username yet)'}</Link>
    ),
  },
  { id: 'sEmail', header: 'Email', accessorFn: (row) => row.sEmail },
  { id: 'bVerified', header: 'Verified', accessorFn: (row) => yesNo(row.bVerified) },
  { id: 'iJoinedAt', header: 'Joined', accessorFn: (row) => formatWhen(row.iJoinedAt) },
  { id: 'iLastSeenAt', header: 'Last seen', accessorFn: (row) => formatWhen(row.iLastSeenAt) },
  {
    id: 'bBanned',
    header: 'Banned',
    accessorFn: (row) => yesNo(row.bBanned),
    cell: ({ row }) => (row.original.bBanned ? <span className={styles.banned}>Yes</span> : 'No'),
  },
];

/** The first column: a checkbox per row, for the bulk levers (issue 38). */
function selectColumn(selected: Set<string>, toggle: (id: string) => void): ColumnDef<ConsoleMemberRow, unknown> {
  return {
    id: 'select',
    header: 'Select',
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select ${row.original.sUsername || row.original.sEmail}`}
        checked={selected.has(row.original.sUserID)}
        onChange={() => toggle(row.original.sUserID)}
      />
    ),
  };
}

/**
 * Members search (issue 27): one box for a username, email, member id, referral code or wallet
 * address, prefix matched; the query and page live in the URL. `/` focuses the box.
 */
export default function MembersScreen() {
  useConsoleTitle('Members');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(query);
  const box = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const found = useMemberFind(query, page);
  const [selected, setSelected] = useState<Map<string, ConsoleMemberRow>>(new Map());
  const toggle = (row: ConsoleMemberRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.sUserID)) next.delete(row.sUserID);
      else next.set(row.sUserID, row);
      return next;
    });

  useEffect(() => setDraft(query), [query]);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        box.current?.focus();
        box.current?.select();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const go = (q: string, p: number) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (p > 0) next.set('page', String(p));
    setParams(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    go(draft.trim(), 0);
  };

  const rows = found.data?.aRows ?? [];
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>Members</h1>
      <search>
        <form className={styles.search} onSubmit={search}>
          <label htmlFor="member-search" className="visually-hidden">
            Find a member
          </label>
          <input
            id="member-search"
            ref={box}
            type="search"
            className={styles.box}
            value={draft}
            placeholder="Username, email, member id, referral code or wallet"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" className={styles.go}>
            Search
          </Button>
          <p id={hintId} className={styles.hint}>
            Matches the start of any of them. Press <kbd>/</kbd> to come back here, <kbd>Enter</kbd> to search.
          </p>
        </form>
      </search>
      {found.isError && <Notice tone="danger">{found.error.message}</Notice>}
      <BulkLevers selected={[...selected.values()]} onDone={() => setSelected(new Map())} />
      {query ? (
        <DataTable
          caption={`Members matching “${query}”`}
          columns={[
            selectColumn(new Set(selected.keys()), (id) => {
              const row = rows.find((r) => r.sUserID === id);
              if (row) toggle(row);
            }),
            ...COLUMNS,
          ]}
          rows={rows}
          rowId={(row) => row.sUserID}
          empty="No member matches. Try fewer characters."
          busy={found.isFetching}
          page={{ index: page, more: found.data?.bMore ?? false, onChange: (p) => go(query, p) }}
        />
      ) : (
        <p className={styles.hint}>Type the start of what you know about the member.</p>
      )}
    </div>
  );
}
