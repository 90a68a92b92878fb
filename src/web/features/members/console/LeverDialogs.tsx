import { useEffect, useId, useState } from 'react';
import type { ConsoleMemberProfile } from '../../../../protocol/console';
import { RESTRICTION_DURATIONS as DURATIONS, formatWhen } from '../../../lib/console';
import { downloadJson } from '../../../lib/download';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import { useMemberLever } from './api';
import styles from './LeverFields.module.css';

export type Lever = 'ban' | 'unban' | 'mute' | 'resend' | 'reset' | 'revokeAll' | 'note' | 'export';

/** What every lever's dialog is given: which one is open, the member, and where to say it is done. */
export interface LeverDialogProps {
  open: Lever | null;
  close: () => void;
  member: ConsoleMemberProfile;
  onDone(message: string): void;
}

const nameOf = (member: ConsoleMemberProfile) => member.sUsername || member.sEmail;
const durationWords = (ms: number) => DURATIONS.find((d) => d.value === ms)?.label.toLowerCase() ?? '';

/** Ban, unban and mute: a restriction for a chosen time (or until lifted). */
export function RestrictionDialogs({ open, close, member, onDone }: LeverDialogProps) {
  const name = nameOf(member);
  const [duration, setDuration] = useState(DURATIONS[1]?.value ?? 0);
  const levers = {
    ban: useMemberLever(member.sUserID, 'memberBan'),
    unban: useMemberLever(member.sUserID, 'memberUnban'),
    mute: useMemberLever(member.sUserID, 'memberMute'),
  };
  useEffect(() => {
    if (open === 'ban' || open === 'mute') setDuration(DURATIONS[1]?.value ?? 0);
  }, [open]);
  return (
    <>
      <ReasonDialog
        open={open === 'ban'}
        title={`Ban ${name}`}
        description="Every session ends now and chat closes on every instance; sign-in is refused, with your reason and the end shown to the member."
        confirmLabel="Ban"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          await levers.ban.mutateAsync({ sUserID: member.sUserID, sReason: reason, iDurationMs: duration });
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
          await levers.unban.mutateAsync({ sUserID: member.sUserID, sReason: reason });
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
          await levers.mute.mutateAsync({ sUserID: member.sUserID, sReason: reason, iDurationMs: duration });
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
    </>
  );
}

/** Sessions, verification, password reset and the data export: the account's levers. */
export function AccountDialogs({ open, close, member, onDone }: LeverDialogProps) {
  const name = nameOf(member);
  const levers = {
    resend: useMemberLever(member.sUserID, 'memberResendVerification'),
    reset: useMemberLever(member.sUserID, 'memberForcePasswordReset'),
    revokeAll: useMemberLever(member.sUserID, 'memberSessionsRevoke'),
    export: useMemberLever(member.sUserID, 'memberExport'),
  };
  return (
    <>
      <ReasonDialog
        open={open === 'revokeAll'}
        title={`Revoke every session of ${name}`}
        description="Signs the member out on every device (their chat closes too). They can sign in again."
        confirmLabel="Revoke all"
        danger
        onClose={close}
        onConfirm={async (reason) => {
          const answer = await levers.revokeAll.mutateAsync({ sUserID: member.sUserID, sReason: reason });
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
          await levers.resend.mutateAsync({ sUserID: member.sUserID, sReason: reason });
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
          await levers.reset.mutateAsync({ sUserID: member.sUserID, sReason: reason });
          onDone(`${name} must set a new password; the link is on its way.`);
        }}
      />
      <ReasonDialog
        open={open === 'export'}
        title={`Export ${name}'s data`}
        description="Downloads everything the portal holds about this member as a JSON file. The export is audited."
        confirmLabel="Export"
        onClose={close}
        onConfirm={async (reason) => {
          const answer = await levers.export.mutateAsync({ sUserID: member.sUserID, sReason: reason });
          downloadJson(`member-${member.sUsername || member.sUserID}.json`, answer.pExport);
          onDone(`Exported ${name}'s data.`);
        }}
      />
    </>
  );
}

/** A note about the member, for operators only (no reason asked: the note is its own). */
export function NoteDialog({ open, close, member, onDone }: LeverDialogProps) {
  const name = nameOf(member);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const noteId = useId();
  const lever = useMemberLever(member.sUserID, 'memberNoteAdd');
  useEffect(() => {
    if (open === 'note') {
      setNote('');
      setNoteMissing(false);
    }
  }, [open]);
  return (
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
        await lever.mutateAsync({ sUserID: member.sUserID, sText: note.trim() });
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
  );
}
