import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ConsoleInviteRow, invitesCsv, MAX_INVITE_BATCH } from '../../../../protocol/consoleInvites';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { downloadText } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';

const PAGE_SIZE = 25;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Open = { kind: 'create' } | { kind: 'revoke'; invite: ConsoleInviteRow } | { kind: 'inviteOnly'; on: boolean };

interface Draft {
  count: string;
  uses: string;
  email: string;
  expires: string;
}
const EMPTY_DRAFT: Draft = { count: '1', uses: '1', email: '', expires: '' };

const today = () => new Date().toISOString().slice(0, 10);
const saveCsv = (name: string, rows: readonly ConsoleInviteRow[]) =>
  downloadText(`${name}-${today()}.csv`, invitesCsv(rows), 'text/csv');

/** A whole number within bounds, or the sentence that says what is wanted. */
function wholeNumber(text: string, min: number, max: number, what: string): number | string {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < min || value > max) return `${what}: a whole number from ${min} to ${max}.`;
  return value;
}

/**
 * Invite codes (issue 29; docs/product.md §10): make one or a batch (uses, bound email, expiry),
 * see each code's usage, revoke, export them as CSV, and switch invite-only registration. Every
 * operator reads; admins (live:manage) change.
 */
export default function InvitesScreen() {
  useConsoleTitle('Invites');
  const may = useOperatorMay();
  const canManage = may('live:manage');
  const queries = useQueryClient();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['console', 'invites', page],
    queryFn: ({ signal }) => consoleCall('inviteList', { iPage: page, iPageSize: PAGE_SIZE }, signal),
  });
  const [open, setOpen] = useState<Open | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<Partial<Record<keyof Draft, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const [created, setCreated] = useState<ConsoleInviteRow[] | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  function show(next: Open) {
    setDone(null);
    setProblems({});
    if (next.kind === 'create') setDraft(EMPTY_DRAFT);
    setOpen(next);
    setDialogOpen(true);
  }
  const refresh = () => queries.invalidateQueries({ queryKey: ['console', 'invites'] });

  async function create(reason: string) {
    const count = wholeNumber(draft.count, 1, MAX_INVITE_BATCH, 'Number of codes');
    const uses = wholeNumber(draft.uses, 1, 1_000_000, 'Uses per code');
    const email = draft.email.trim();
    const expiresAt = draft.expires ? new Date(draft.expires).getTime() : 0;
    const found: Partial<Record<keyof Draft, string>> = {};
    if (typeof count === 'string') found.count = count;
    if (typeof uses === 'string') found.uses = uses;
    if (email && !EMAIL.test(email)) found.email = 'An email address, or empty for anyone.';
    if (draft.expires && !Number.isFinite(expiresAt)) found.expires = 'A date and time, or empty for never.';
    setProblems(found);
    if (Object.keys(found).length > 0) return false;
    const answer = await consoleCall('inviteCreate', {
      iCount: count,
      iMaxUses: uses,
      sEmail: email,
      iExpiresAt: expiresAt,
      sReason: reason,
    });
    const now = Date.now();
    setCreated(
      answer.aCodes.map((code) => ({
        sCode: code,
        iMaxUses: uses as number,
        iUses: 0,
        sEmail: email.toLowerCase(),
        iExpiresAt: expiresAt,
        bRevoked: false,
        sState: 'usable',
        aUsedBy: [],
        iCreatedAt: now,
        sCreatedBy: '',
      })),
    );
    setPage(0);
    await refresh();
  }

  async function confirm(reason: string) {
    if (!open) return;
    if (open.kind === 'create') return create(reason);
    if (open.kind === 'revoke') {
      await consoleCall('inviteRevoke', { sCode: open.invite.sCode, sReason: reason });
      setDone(`Invite ${open.invite.sCode} is revoked: nobody can register with it any more.`);
    } else {
      await consoleCall('inviteOnlySet', { bOn: open.on, sReason: reason });
      setDone(open.on ? 'Invite-only is on: registering needs a code.' : 'Invite-only is off: anyone may register.');
    }
    await refresh();
  }

  async function exportAll() {
    setExportError(null);
    setExporting(true);
    try {
      saveCsv('invites', (await consoleCall('inviteExport')).aRows);
    } catch (error) {
      setExportError((error as ConsoleError).message);
    } finally {
      setExporting(false);
    }
  }

  const columns: ColumnDef<ConsoleInviteRow, unknown>[] = [
    { id: 'code', header: 'Code', cell: ({ row }) => <span className={shared.code}>{row.original.sCode}</span> },
    {
      id: 'uses',
      header: 'Used',
      cell: ({ row }) => {
        const { iUses, iMaxUses } = row.original;
        return `${iUses} of ${iMaxUses} (${Math.max(iMaxUses - iUses, 0)} left)`;
      },
    },
    {
      id: 'usedBy',
      header: 'Used by',
      cell: ({ row }) => {
        const { aUsedBy, iUses } = row.original;
        if (iUses === 0) return '—';
        const more = iUses - aUsedBy.length;
        return (
          <span className={shared.users}>
            {aUsedBy.join(', ')}
            {more > 0 ? ` and ${more} more` : ''}
          </span>
        );
      },
    },
    { id: 'email', header: 'Only for', cell: ({ row }) => row.original.sEmail || 'Anyone' },
    {
      id: 'expires',
      header: 'Expires',
      cell: ({ row }) => (row.original.iExpiresAt ? formatWhen(row.original.iExpiresAt) : 'Never'),
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span className={row.original.sState === 'usable' ? shared.usable : shared.spent}>
          {row.original.sState[0]?.toUpperCase()}
          {row.original.sState.slice(1)}
        </span>
      ),
    },
    { id: 'created', header: 'Created', cell: ({ row }) => formatWhen(row.original.iCreatedAt) },
    { id: 'by', header: 'By', cell: ({ row }) => <span className={shared.actor}>{row.original.sCreatedBy}</span> },
  ];
  if (canManage) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        row.original.bRevoked ? null : (
          <button
            type="button"
            className={`${shared.small} ${shared.danger}`}
            aria-label={`Revoke ${row.original.sCode}`}
            onClick={() => show({ kind: 'revoke', invite: row.original })}
          >
            Revoke
          </button>
        ),
    });
  }

  const inviteOnly = list.data?.bInviteOnly;
  const title =
    open?.kind === 'create'
      ? 'Create invite codes'
      : open?.kind === 'revoke'
        ? `Revoke ${open.invite.sCode}`
        : open?.on
          ? 'Turn invite-only on'
          : 'Turn invite-only off';

  return (
    <div className={shared.screen}>
      <PageHeader
        title="Invites"
        subtitle="Codes that let people register, with their uses, who used them and when they expire."
        actions={
          <>
            <Button variant="secondary" busy={exporting} onClick={exportAll}>
              Export CSV
            </Button>
            {canManage && <Button onClick={() => show({ kind: 'create' })}>Create invites</Button>}
          </>
        }
      />
      {list.error && <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>}
      {exportError && <Notice tone="danger">{exportError}</Notice>}
      {done && <Notice tone="success">{done}</Notice>}
      {created && (
        <Notice tone="success">
          <p>
            {created.length === 1 ? 'One code' : `${created.length} codes`} made, each for {created[0]?.iMaxUses}{' '}
            {created[0]?.iMaxUses === 1 ? 'use' : 'uses'}
            {created[0]?.sEmail ? ` by ${created[0].sEmail}` : ''}
            {created[0]?.iExpiresAt ? `, until ${formatWhen(created[0].iExpiresAt)}` : ''}:
          </p>
          <ul className={shared.codes} aria-label="New invite codes">
            {created.map((row) => (
              <li key={row.sCode}>{row.sCode}</li>
            ))}
          </ul>
          <button type="button" className={shared.small} onClick={() => saveCsv('new-invites', created)}>
            Download these codes (CSV)
          </button>
        </Notice>
      )}
      <section className={shared.panel} aria-labelledby="invite-only-title">
        <div>
          <h2 id="invite-only-title">Registration</h2>
          <p>
            {inviteOnly === undefined
              ? 'Registration: …'
              : inviteOnly
                ? 'Invite-only is on: registering needs a code.'
                : 'Invite-only is off: anyone may register, a code is optional.'}
          </p>
        </div>
        {canManage && inviteOnly !== undefined && (
          <Button variant="secondary" onClick={() => show({ kind: 'inviteOnly', on: !inviteOnly })}>
            {inviteOnly ? 'Turn invite-only off' : 'Turn invite-only on'}
          </Button>
        )}
      </section>
      <DataTable
        caption="Invite codes, newest first"
        columns={columns}
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sCode}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No invite codes yet.'}
        page={{ index: page, more: list.data?.bMore ?? false, onChange: setPage }}
      />
      <ReasonDialog
        open={dialogOpen}
        title={title}
        danger={open?.kind === 'revoke'}
        confirmLabel={
          open?.kind === 'create' ? 'Create' : open?.kind === 'revoke' ? 'Revoke' : open?.on ? 'Turn on' : 'Turn off'
        }
        description={
          open?.kind === 'revoke' ? (
            <p>Nobody can register with this code any more; members who used it keep their accounts.</p>
          ) : open?.kind === 'inviteOnly' ? (
            <p>
              {open.on
                ? 'Members notice at once: the register page asks for an invite code and refuses registering without one.'
                : 'Members notice at once: anyone may register without a code.'}
            </p>
          ) : (
            <p>One code or a batch; every code of a batch has the same uses, email and expiry.</p>
          )
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      >
        {open?.kind === 'create' && (
          <div className={shared.fields}>
            <Field
              label="Number of codes"
              inputMode="numeric"
              value={draft.count}
              error={problems.count}
              onChange={(event) => setDraft({ ...draft, count: event.target.value })}
            />
            <Field
              label="Uses per code"
              inputMode="numeric"
              value={draft.uses}
              error={problems.uses}
              onChange={(event) => setDraft({ ...draft, uses: event.target.value })}
            />
            <Field
              label="Only for this email"
              type="email"
              autoComplete="off"
              hint="Optional: empty lets anyone use it."
              value={draft.email}
              error={problems.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
            <Field
              label="Expires"
              type="datetime-local"
              hint="Optional, your local time: empty never expires."
              value={draft.expires}
              error={problems.expires}
              onChange={(event) => setDraft({ ...draft, expires: event.target.value })}
            />
          </div>
        )}
      </ReasonDialog>
    </div>
  );
}
