import { useEffect, useId, useState } from 'react';
import type { ConsoleMemberProfile, ConsolePermission } from '../../../../protocol/console';
import { RESTRICTION_DURATIONS as DURATIONS, formatWhen } from '../../../lib/console';
import { downloadJson } from '../../../lib/download';
import { Button } from '../../../ui/Button';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useMemberLever } from '../api/members';
import { GrantDialog, type GrantPreset } from './GrantDialog';
import styles from './LeverFields.module.css';
import screen from './MemberLevers.module.css';

type Lever = 'ban' | 'unban' | 'mute' | 'resend' | 'reset' | 'revokeAll' | 'note' | 'export';

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
  const id = member.sUserID;
  const [open, setOpen] = useState<Lever | null>(null);
  const [duration, setDuration] = useState(DURATIONS[1]?.value ?? 0);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const noteId = useId();
  const levers = {
    ban: useMemberLever(id, 'memberBan'),
    unban: useMemberLever(id, 'memberUnban'),
    mute: useMemberLever(id, 'memberMute'),
    resend: useMemberLever(id, 'memberResendVerification'),
    reset: useMemberLever(id, 'memberForcePasswordReset'),
    revokeAll: useMemberLever(id, 'memberSessionsRevoke'),
    note: useMemberLever(id, 'memberNoteAdd'),
    export: useMemberLever(id, 'memberExport'),
  };

  useEffect(() => {
    if (open === 'ban' || open === 'mute') setDuration(DURATIONS[1]?.value ?? 0);
    if (open === 'note') {
      setNote('');
      setNoteMissing(false);
    }
  }, [open]);

  const close = () => setOpen(null);
  const name = member.sUsername || member.sEmail;
  const durationWords = (ms: number) => DURATIONS.find((d) => d.value === ms)?.label.toLowerCase() ?? '';
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

      <ReasonDialog
        open={open === 'ban'}
        title={`Ban ${name}`}
        description="Every session ends now and chat closes on every instance; sign-in is refused, with your reason and the end shown to the member."
        confirmLabel="Ban"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          await levers.ban.mutateAsync({ sUserID: id, sReason: reason, iDurationMs: duration });
          onDone(`${name} is banned ${duration ? `for ${durationWords(duration)}` : 'until lifted'}.`);
        }}
      >
        <ChoiceGroup
          legend="For how long?"
          name="ban-duration"
          choices={DURATIONS}
          value={duration}
          onChange={setDuration}
        />
      </ReasonDialog>

      <ReasonDialog
        open={open === 'unban'}
        title={`Unban ${name}`}
        description={`Banned${member.iBanUntil ? ` until ${formatWhen(member.iBanUntil)}` : ' until lifted'}: “${member.sBanReason}”. The member may sign in again.`}
        confirmLabel="Unban"
        onClose={close}
        onConfirm={async (reason) => {
          await levers.unban.mutateAsync({ sUserID: id, sReason: reason });
          onDone(`${name} is no longer banned.`);
        }}
      />

      <ReasonDialog
        open={open === 'mute'}
        title={`Mute ${name} in chat`}
        description="They can read chat but not write; they see your reason and until when."
        confirmLabel="Mute"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          await levers.mute.mutateAsync({ sUserID: id, sReason: reason, iDurationMs: duration });
          onDone(`${name} is muted ${duration ? `for ${durationWords(duration)}` : 'until lifted'}.`);
        }}
      >
        <ChoiceGroup
          legend="For how long?"
          name="mute-duration"
          choices={DURATIONS}
          value={duration}
          onChange={setDuration}
        />
      </ReasonDialog>

      <ReasonDialog
        open={open === 'revokeAll'}
        title={`Revoke every session of ${name}`}
        description="Signs the member out on every device (their chat closes too). They can sign in again."
        confirmLabel="Revoke all"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          const answer = await levers.revokeAll.mutateAsync({ sUserID: id, sReason: reason });
          onDone(`${answer.iEnded} session${answer.iEnded === 1 ? '' : 's'} of ${name} ended.`);
        }}
      />

      <ReasonDialog
        open={open === 'resend'}
        title={`Resend the verification email to ${name}`}
        description={`A new verification link goes to ${member.sEmail}.`}
        confirmLabel="Resend"
        onClose={close}
        onConfirm={async (reason) => {
          await levers.resend.mutateAsync({ sUserID: id, sReason: reason });
          onDone(`A verification email is on its way to ${member.sEmail}.`);
        }}
      />

      <ReasonDialog
        open={open === 'reset'}
        title={`Force a password reset for ${name}`}
        description={`Their password stops working and their sessions end; a reset link goes to ${member.sEmail}.`}
        confirmLabel="Force reset"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          await levers.reset.mutateAsync({ sUserID: id, sReason: reason });
          onDone(`${name} must set a new password; the link is on its way.`);
        }}
      />

      <ReasonDialog
        open={open === 'note'}
        title={`Add a note about ${name}`}
        description="Operators see notes on this page; the member never does."
        confirmLabel="Add note"
        askReason={false}
        onClose={close}
        onConfirm={async () => {
          if (!note.trim()) {
            setNoteMissing(true);
            return false;
          }
          await levers.note.mutateAsync({ sUserID: id, sText: note.trim() });
          onDone('Note added.');
        }}
      >
        <div className={styles.field}>
          <label htmlFor={noteId}>Note</label>
          <textarea
            id={noteId}
            value={note}
            maxLength={2000}
            aria-invalid={noteMissing || undefined}
            aria-describedby={`${noteId}-hint`}
            onChange={(event) => {
              setNote(event.target.value);
              if (event.target.value.trim()) setNoteMissing(false);
            }}
          />
          <div id={`${noteId}-hint`} className={noteMissing ? styles.error : styles.hint}>
            {noteMissing ? 'Write the note.' : 'Kept with your name and the time.'}
          </div>
        </div>
      </ReasonDialog>

      <ReasonDialog
        open={open === 'export'}
        title={`Export ${name}'s data`}
        description="Downloads everything the portal holds about this member as a JSON file. The export is audited."
        confirmLabel="Export"
        onClose={close}
        onConfirm={async (reason) => {
          const answer = await levers.export.mutateAsync({ sUserID: id, sReason: reason });
          downloadJson(`member-${member.sUsername || member.sUserID}.json`, answer.pExport);
          onDone(`Exported ${name}'s data.`);
        }}
      />
    </>
  );
}
