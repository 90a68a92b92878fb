import type { ConsoleInviteRow } from '../../../../protocol/consoleInvites';
import shared from '../../../ui/ConsoleScreen.module.css';
import { Field } from '../../../ui/Field';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { localFieldHint } from '../../../ui/timeZone';
import type { DraftProblems, InviteDraft } from './invites';

/** What the reason dialog confirms. */
export type InviteOpen =
  | { kind: 'create' }
  | { kind: 'revoke'; invite: ConsoleInviteRow }
  | { kind: 'inviteOnly'; on: boolean };

interface Props {
  open: InviteOpen | null;
  dialogOpen: boolean;
  draft: InviteDraft;
  onDraft: (draft: InviteDraft) => void;
  problems: DraftProblems;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

function titleOf(open: InviteOpen | null): string {
  if (open?.kind === 'create') return 'Create invite codes';
  if (open?.kind === 'revoke') return `Revoke ${open.invite.sCode}`;
  return open?.on ? 'Turn invite-only on' : 'Turn invite-only off';
}

function confirmLabelOf(open: InviteOpen | null): string {
  if (open?.kind === 'create') return 'Create';
  if (open?.kind === 'revoke') return 'Revoke';
  return open?.on ? 'Turn on' : 'Turn off';
}

/** The screen's one reason dialog: creating codes (with the batch's fields), revoking one, switching invite-only. */
export function InviteDialog({ open, dialogOpen, draft, onDraft, problems, onClose, onConfirm }: Props) {
  return (
    <ReasonDialog
      open={dialogOpen}
      title={titleOf(open)}
      danger={open?.kind === 'revoke'}
      confirmLabel={confirmLabelOf(open)}
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
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {open?.kind === 'create' && (
        <div className={shared.fields}>
          <Field
            label="Number of codes"
            inputMode="numeric"
            value={draft.count}
            error={problems.count}
            onChange={(event) => onDraft({ ...draft, count: event.target.value })}
          />
          <Field
            label="Uses per code"
            inputMode="numeric"
            value={draft.uses}
            error={problems.uses}
            onChange={(event) => onDraft({ ...draft, uses: event.target.value })}
          />
          <Field
            label="Only for this email"
            type="email"
            autoComplete="off"
            hint="Optional: empty lets anyone use it."
            value={draft.email}
            error={problems.email}
            onChange={(event) => onDraft({ ...draft, email: event.target.value })}
          />
          <Field
            label="Expires"
            type="datetime-local"
            hint={`Optional, ${localFieldHint()}: empty never expires.`}
            value={draft.expires}
            error={problems.expires}
            onChange={(event) => onDraft({ ...draft, expires: event.target.value })}
          />
        </div>
      )}
    </ReasonDialog>
  );
}
