import { type AnnouncementSegment, type ConsoleAnnouncementRow, EVERYONE } from '../../../../protocol/announcements';
import { formatCount } from '../../../ui/format';
import { fieldToMs } from '../../../ui/timeZone';

/** A `datetime-local` value, read in the console's chosen zone, as epoch ms; '' (or nonsense) is 0. */
export const fromLocal = (value: string) => (value ? fieldToMs(value) || 0 : 0);

/** The compose form's fields, as typed. */
export interface Draft {
  title: string;
  body: string;
  everyone: boolean;
  joinedAfter: string;
  joinedBefore: string;
  collection: string;
  played: boolean;
  verified: boolean;
  later: boolean;
  at: string;
  email: boolean;
}

export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

export const EMPTY: Draft = {
  title: '',
  body: '',
  everyone: false,
  joinedAfter: '',
  joinedBefore: '',
  collection: '',
  played: false,
  verified: false,
  later: false,
  at: '',
  email: false,
};

export function segmentOf(draft: Draft): AnnouncementSegment {
  if (draft.everyone) return { ...EVERYONE };
  return {
    bEveryone: false,
    iJoinedAfter: fromLocal(draft.joinedAfter),
    iJoinedBefore: fromLocal(draft.joinedBefore),
    sCollectionID: draft.collection,
    bPlayed: draft.played,
    bVerified: draft.verified,
  };
}

export function statusText(row: ConsoleAnnouncementRow): string {
  switch (row.sStatus) {
    case 'scheduled':
      return 'Scheduled';
    case 'sending':
      return `Sending ${formatCount(row.iDelivered)}/${formatCount(row.iTotal)}`;
    case 'sent':
      return `Sent to ${formatCount(row.iDelivered)}`;
    case 'cancelled':
      return row.iDelivered ? `Cancelled after ${formatCount(row.iDelivered)}` : 'Cancelled';
  }
}
