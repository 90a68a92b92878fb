import { useState } from 'react';
import type { ConsoleBulkAnswer } from '../../../../protocol/console';
import type { ConsoleInviteRow } from '../../../../protocol/consoleInvites';
import { consoleCall } from '../../../api/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import type { ColumnDef } from '../../../ui/DataTable';
import { Notice } from '../../../ui/Notice';
import { ReasonDialog } from '../../../ui/ReasonDialog';

/** The first column while an operator may revoke: a checkbox per code still in force. */
export function inviteSelectColumn(
  selected: ReadonlySet<string>,
  toggle: (invite: ConsoleInviteRow) => void,
): ColumnDef<ConsoleInviteRow, unknown> {
  return {
    id: 'select',
    header: 'Select',
    cell: ({ row }) =>
      row.original.bRevoked ? null : (
        <input
          type="checkbox"
          aria-label={`Select ${row.original.sCode}`}
          checked={selected.has(row.original.sCode)}
          onChange={() => toggle(row.original)}
        />
      ),
  };
}

/**
 * Bulk revoke of invite codes (issue 38, decision 0244): the selected codes and one reason go to
 * `consoleBulk` with inviteRevoke; each code is revoked (and audited, under one batch id) or refused
 * with its reason, and one summary says which.
 */
export function InviteBulk({ selected, onDone }: { selected: ConsoleInviteRow[]; onDone(): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<ConsoleBulkAnswer | null>(null);
  const codes = selected.map((invite) => invite.sCode);

  async function confirm(sReason: string) {
    const answer = await consoleCall('consoleBulk', { sAction: 'inviteRevoke', aItems: codes, pInput: { sReason } });
    setOutcome(answer);
    await onDone();
  }

  const revoked = outcome?.aResults.filter((r) => r.iErrorCode === 0) ?? [];
  const refused = outcome?.aResults.filter((r) => r.iErrorCode !== 0) ?? [];
  return (
    <>
      {selected.length > 0 && (
        <section className={shared.panel} aria-label="Selected invite codes">
          <p>
            {selected.length} code{selected.length === 1 ? '' : 's'} selected
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setOpen(true);
            }}
          >
            Revoke selected
          </Button>
        </section>
      )}
      {outcome && (
        <Notice tone={refused.length > 0 ? 'warning' : 'success'}>
          <p>
            {revoked.length} revoked{revoked.length > 0 ? `: ${revoked.map((r) => r.sUserID).join(', ')}` : ''}.
            {refused.length === 0 ? ' Nobody can register with them any more.' : ''}
          </p>
          {refused.length > 0 && (
            <ul aria-label="Not revoked">
              {refused.map((r) => (
                <li key={r.sUserID}>
                  {r.sUserID}: {r.sMessage}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <ReasonDialog
        open={open}
        title={`Revoke ${selected.length} invite code${selected.length === 1 ? '' : 's'}`}
        danger
        confirmLabel="Revoke"
        description={
          <p>
            {codes.join(', ')}. Nobody can register with these any more; members who used them keep their accounts. One
            audit entry each, grouped as one batch.
          </p>
        }
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
