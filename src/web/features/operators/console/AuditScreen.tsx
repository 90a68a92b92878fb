import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle } from '../../../lib/console';
import { downloadText } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { exportAudit, useAuditActions, useAuditPage } from './api';
import { auditColumns, displayRowId, displayRows } from './auditColumns';
import { type AuditFilterForm, filtersOf, pageOf, paramsOf } from './auditFilters';
import styles from './ConsoleScreens.module.css';

const PAGE_SIZE = 50;

const entries = (n: number) => `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-11-27 10:58:54", in the operator's time zone (the column header says so). */
export function formatTime(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The audit log (issue 27): every operator action and identity event, filtered, paged, exported as CSV. */
export default function AuditScreen() {
  useConsoleTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filtersOf(params), [params]);
  const page = pageOf(params);
  const [form, setForm] = useState<AuditFilterForm>(applied);
  const actions = useAuditActions();
  const [exported, setExported] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  // A shared link or Back changes the address: the form follows it.
  useEffect(() => setForm(applied), [applied]);

  const list = useAuditPage(applied, page, PAGE_SIZE);
  // A bulk lever's batch shows as one row (issue 38); these are opened to their entries.
  const [openBatches, setOpenBatches] = useState<ReadonlySet<string>>(new Set());
  const columns = useMemo(
    () =>
      auditColumns((batchId) =>
        setOpenBatches((was) => {
          const next = new Set(was);
          if (next.has(batchId)) next.delete(batchId);
          else next.add(batchId);
          return next;
        }),
      ),
    [],
  );

  function apply(event: FormEvent) {
    event.preventDefault();
    setExported(null);
    setParams(paramsOf(form));
  }

  function clear() {
    setExported(null);
    setParams(new URLSearchParams());
  }

  async function exportCsv() {
    setExporting(true);
    setExported(null);
    try {
      const answer = await exportAudit(applied);
      const stamp = formatTime(Date.now()).replace(/[: ]/g, '-');
      downloadText(`audit-${stamp}.csv`, answer.sCsv, 'text/csv');
      setExported({ tone: 'success', text: `Exported ${entries(answer.iRows)} as CSV.` });
    } catch (error) {
      setExported({ tone: 'danger', text: (error as ConsoleError).message });
    } finally {
      setExporting(false);
    }
  }

  const set = (key: keyof AuditFilterForm) => (event: { target: { value: string } }) =>
    setForm((was) => ({ ...was, [key]: event.target.value }));
  const total = list.data?.iTotal ?? 0;

  return (
    <div className={`${shared.screen} ${styles.screen}`}>
      <PageHeader
        title="Audit log"
        subtitle="Every operator action, from the console or the CLI, and identity events. Append-only."
        actions={
          <Button variant="secondary" onClick={exportCsv} busy={exporting}>
            Export CSV
          </Button>
        }
      />
      <form className={styles.filters} onSubmit={apply} aria-label="Audit log filters" noValidate>
        <Field label="Operator" type="email" placeholder="email" value={form.operator} onChange={set('operator')} />
        <Field label="Member" placeholder="id, email or username" value={form.member} onChange={set('member')} />
        <Field
          label="Action"
          placeholder="Choose or type: member.ban, operator."
          list="audit-actions"
          value={form.action}
          onChange={set('action')}
        />
        <datalist id="audit-actions">
          {(actions.data ?? []).map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <Field label="Since" type="date" value={form.since} onChange={set('since')} />
        <Field label="Until" type="date" value={form.until} onChange={set('until')} />
        <div className={styles.filterActions}>
          <Button type="submit">Filter</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>
      {exported && <Notice tone={exported.tone}>{exported.text}</Notice>}
      {list.error && <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>}
      {applied.batch && (
        <Notice tone="info">
          Showing one bulk batch ({applied.batch.slice(0, 8)}), every entry of it.{' '}
          <Link to={{ search: paramsOf({ ...applied, batch: '', since: '', until: '' }).toString() }}>
            Show every entry
          </Link>
        </Notice>
      )}
      <p className={styles.count} aria-live="polite">
        {list.data ? (list.data.bTotalAtLeast ? `${formatCount(total)}+ entries` : entries(total)) : ' '}
      </p>
      <DataTable
        caption="Audit log entries, newest first"
        columns={columns}
        rows={
          // Filtered by one batch, its entries are the list: nothing to fold.
          applied.batch
            ? (list.data?.aRows ?? []).map((row) => ({ kind: 'entry' as const, row, batched: false }))
            : displayRows(list.data?.aRows ?? [], openBatches)
        }
        rowId={displayRowId}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No entries match these filters.'}
        page={{
          index: page - 1,
          more: page * PAGE_SIZE < total,
          onChange: (index) => setParams(paramsOf(applied, index + 1)),
        }}
      />
    </div>
  );
}
