import { useState } from 'react';
import type { ConsoleInviteRow } from '../../../../protocol/consoleInvites';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { useInviteLevers, useInvitePage } from './api';
import { InviteBulk, inviteSelectColumn } from './InviteBulk';
import { InviteDialog, type InviteOpen } from './InviteDialog';
import { CreatedCodes, RegistrationPanel } from './InvitePanels';
import { inviteColumns } from './inviteColumns';
import { batchOf, createdRows, type DraftProblems, EMPTY_DRAFT, type InviteDraft, saveCsv } from './invites';

/**
 * Invite codes (issue 29; docs/product.md §10): make one or a batch (uses, bound email, expiry),
 * see each code's usage, revoke, export them as CSV, and switch invite-only registration. Every
 * operator reads; admins (live:manage) change.
 */
export default function InvitesScreen() {
  useConsoleTitle('Invites');
  const may = useOperatorMay();
  const canManage = may('live:manage');
  const levers = useInviteLevers();
  const [page, setPage] = useState(0);
  const list = useInvitePage(page);
  const [open, setOpen] = useState<InviteOpen | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<InviteDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<DraftProblems>({});
  const [done, setDone] = useState<string | null>(null);
  const [created, setCreated] = useState<ConsoleInviteRow[] | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // Codes chosen for bulk revoke (issue 38), kept across pages.
  const [selected, setSelected] = useState<Map<string, ConsoleInviteRow>>(new Map());
  const toggle = (invite: ConsoleInviteRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(invite.sCode)) next.delete(invite.sCode);
      else next.set(invite.sCode, invite);
      return next;
    });
  const revokeColumn = canManage ? (invite: ConsoleInviteRow) => show({ kind: 'revoke', invite }) : undefined;

  function show(next: InviteOpen) {
    setDone(null);
    setProblems({});
    if (next.kind === 'create') setDraft(EMPTY_DRAFT);
    setOpen(next);
    setDialogOpen(true);
  }

  async function create(reason: string) {
    const parsed = batchOf(draft);
    if ('problems' in parsed) {
      setProblems(parsed.problems);
      return false;
    }
    setProblems({});
    const answer = await levers.create(parsed.batch, reason);
    setCreated(createdRows(answer.aCodes, parsed.batch));
    setPage(0);
    await levers.refresh();
  }

  async function confirm(reason: string) {
    if (!open) return;
    if (open.kind === 'create') return create(reason);
    if (open.kind === 'revoke') {
      await levers.revoke(open.invite.sCode, reason);
      setDone(`Invite ${open.invite.sCode} is revoked: nobody can register with it any more.`);
    } else {
      await levers.setInviteOnly(open.on, reason);
      setDone(open.on ? 'Invite-only is on: registering needs a code.' : 'Invite-only is off: anyone may register.');
    }
    await levers.refresh();
  }

  async function exportAll() {
    setExportError(null);
    setExporting(true);
    try {
      saveCsv('invites', await levers.exportAll());
    } catch (error) {
      setExportError((error as ConsoleError).message);
    } finally {
      setExporting(false);
    }
  }

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
      {created && <CreatedCodes created={created} />}
      <RegistrationPanel
        inviteOnly={list.data?.bInviteOnly}
        onSwitch={canManage ? (on) => show({ kind: 'inviteOnly', on }) : undefined}
      />
      {canManage && (
        <InviteBulk
          selected={[...selected.values()]}
          onDone={async () => {
            setSelected(new Map());
            await levers.refresh();
          }}
        />
      )}
      <DataTable
        caption="Invite codes, newest first"
        columns={
          canManage
            ? [inviteSelectColumn(new Set(selected.keys()), toggle), ...inviteColumns(revokeColumn)]
            : inviteColumns()
        }
        rows={list.data?.aRows ?? []}
        rowId={(row) => row.sCode}
        busy={list.isFetching}
        empty={list.isPending ? 'Loading…' : 'No invite codes yet.'}
        page={{ index: page, more: list.data?.bMore ?? false, onChange: setPage }}
      />
      <InviteDialog
        open={open}
        dialogOpen={dialogOpen}
        draft={draft}
        onDraft={setDraft}
        problems={problems}
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
