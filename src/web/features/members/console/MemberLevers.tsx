import { useState } from 'react';
import type { ConsoleMemberProfile, ConsolePermission } from '../../../../protocol/console';
import { Button } from '../../../ui/Button';
import { GrantDialog, type GrantPreset } from './GrantDialog';
import { AccountDialogs, type Lever, NoteDialog, RestrictionDialogs } from './LeverDialogs';
import screen from './MemberLevers.module.css';

/**
 * The levers on one member, each behind a dialog that asks why (the audit log keeps it), and each
 * shown only when the operator's role holds its permission (the server checks again).
 */
export function MemberLevers({
  member,
  may,
  grant,
  onGrant,
  onDone,
}: {
  member: ConsoleMemberProfile;
  may(permission: ConsolePermission): boolean;
  /** The grant dialog's preset (the page owns it: the collectibles tab opens it too). */
  grant: GrantPreset | null;
  onGrant(preset: GrantPreset | null): void;
  onDone(message: string): void;
}) {
  const [open, setOpen] = useState<Lever | null>(null);
  const close = () => setOpen(null);
  const buttons: Array<{ lever: Lever | 'grant'; label: string; permission: ConsolePermission; danger?: boolean }> = [
    { lever: 'grant', label: 'Grant or take back', permission: 'member:grant' },
    member.bBanned
      ? { lever: 'unban', label: 'Unban', permission: 'member:ban' }
      : { lever: 'ban', label: 'Ban', permission: 'member:ban', danger: true },
    { lever: 'mute', label: 'Mute in chat', permission: 'member:mute' },
    { lever: 'revokeAll', label: 'Revoke sessions', permission: 'member:sessions' },
    // A verified member has nothing to verify (issue 38): the lever shows only to the unverified.
    ...(member.bVerified
      ? []
      : [{ lever: 'resend', label: 'Resend verification', permission: 'member:account' } as const]),
    { lever: 'reset', label: 'Force password reset', permission: 'member:account' },
    { lever: 'note', label: 'Add note', permission: 'member:note' },
    { lever: 'export', label: 'Export JSON', permission: 'member:export' },
  ];
  const shown = buttons.filter((b) => may(b.permission));

  return (
    <>
      {shown.length > 0 && (
        <div className={screen.levers}>
          {shown.map((b) => (
            <Button
              key={b.lever}
              variant={b.danger ? 'danger' : 'secondary'}
              className={screen.lever}
              onClick={() =>
                b.lever === 'grant' ? onGrant({ direction: 'grant', asset: 'points' }) : setOpen(b.lever)
              }
            >
              {b.label}
            </Button>
          ))}
        </div>
      )}

      <GrantDialog member={member} preset={grant} onClose={() => onGrant(null)} onDone={onDone} />

      <RestrictionDialogs open={open} close={close} member={member} onDone={onDone} />
      <AccountDialogs open={open} close={close} member={member} onDone={onDone} />
      <NoteDialog open={open} close={close} member={member} onDone={onDone} />
    </>
  );
}
