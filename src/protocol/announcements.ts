/**
 * Announcements (issue 29): an operator's short markdown message to every member or to a segment,
 * now or at a set time, delivered once per member as an entry in the notification centre, a popup
 * after the spec's popups, and optionally an email. Wire types of the console actions
 * announceList, announceCount, announceSend, announceCancel, announceRetryMail, of the member action
 * ackAnnouncement, and of pUserData's aAnnouncements.
 */

export const ANNOUNCE_TITLE_MAX = 120;
/** The whole body fits the notification centre's entry (NOTIFICATION_BODY_MAX), so it stays readable there. */
export const ANNOUNCE_BODY_MAX = 500;
/** How far ahead a send may be scheduled. */
export const ANNOUNCE_SCHEDULE_MAX_MS = 365 * 86_400_000;

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/**
 * Who gets it. bEveryone, or the members matching every criterion given (ANDed): joined after
 * and/or before an instant (epoch ms; 0 = not set), holding an item of a collection, having
 * played a game, a verified email.
 */
export interface AnnouncementSegment {
  bEveryone: boolean;
  iJoinedAfter: number;
  iJoinedBefore: number;
  sCollectionID: string;
  bPlayed: boolean;
  bVerified: boolean;
}

export const EVERYONE: AnnouncementSegment = {
  bEveryone: true,
  iJoinedAfter: 0,
  iJoinedBefore: 0,
  sCollectionID: '',
  bPlayed: false,
  bVerified: false,
};

/** Whether a segment names no criterion (then only bEveryone makes it a valid audience). */
export const segmentIsEmpty = (s: AnnouncementSegment) =>
  !s.iJoinedAfter && !s.iJoinedBefore && !s.sCollectionID && !s.bPlayed && !s.bVerified;

/** "joined after 2026-01-05 12:00 UTC, holds Agents, verified": the segment in words. */
export function describeSegment(s: AnnouncementSegment, collectionName = (id: string) => id): string {
  if (s.bEveryone) return 'everyone';
  // Minutes, or seconds when the instant has them (a segment cut at a precise moment).
  const when = (ms: number) =>
    `${new Date(ms)
      .toISOString()
      .slice(0, ms % 60_000 ? 19 : 16)
      .replace('T', ' ')} UTC`;
  const parts: string[] = [];
  if (s.iJoinedAfter) parts.push(`joined after ${when(s.iJoinedAfter)}`);
  if (s.iJoinedBefore) parts.push(`joined before ${when(s.iJoinedBefore)}`);
  if (s.sCollectionID) parts.push(`holds ${collectionName(s.sCollectionID)}`);
  if (s.bPlayed) parts.push('has played a game');
  if (s.bVerified) parts.push('verified email');
  return parts.join(', ') || 'no one';
}

/** Markdown reduced to its words for plain-text places (the notification centre, the mail's text part). */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]{0,3}(#{1,6}|>|[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface ConsoleAnnouncementRow {
  iAnnouncementID: number;
  sTitle: string;
  sBody: string;
  pSegment: AnnouncementSegment;
  /** The segment in words. */
  sSegment: string;
  bEmail: boolean;
  sStatus: AnnouncementStatus;
  /** When it is (or was) due. */
  iSendAt: number;
  /** Members delivered so far, and the members the segment matched when sending began (0 before). */
  iDelivered: number;
  iTotal: number;
  iEmailed: number;
  /** Mails the mail server refused, or deferred at every attempt. */
  iMailFailed: number;
  sCreatedBy: string;
  iCreatedAt: number;
  iFinishedAt: number;
}

export interface AnnouncementCollection {
  sCollectionID: string;
  sName: string;
}

/** console/announceList */
export interface AnnounceListAnswer {
  iErrorCode: number;
  aRows: ConsoleAnnouncementRow[];
  bMore: boolean;
  /** The collections a segment may name. */
  aCollections: AnnouncementCollection[];
}

/** console/announceCount: the members a segment matches now. */
export interface AnnounceCountAnswer {
  iErrorCode: number;
  iCount: number;
}

/** console/announceRetryMail: the failed mail sent again (what the mail server refused stays failed). */
export interface AnnounceRetryMailAnswer {
  iErrorCode: number;
  /** Mails due again: the server kept deferring them until their tries ran out. */
  iQueued: number;
  /** Mails still failed: the server refused them (an address that does not exist, say). */
  iStillFailed: number;
}

/** console/announceSend */
export interface AnnounceSendAnswer {
  iErrorCode: number;
  iAnnouncementID: number;
  /** The members the segment matched when it was sent (a scheduled one may match more by then). */
  iCount: number;
}

/** One announcement waiting to show as a popup (pUserData.aAnnouncements), oldest first. */
export interface AnnouncementPopup {
  iAnnouncementID: number;
  sTitle: string;
  /** Markdown (rendered with the portal's safe markdown). */
  sBody: string;
  iSentAt: number;
}

export interface AnnouncementsUserData {
  aAnnouncements: AnnouncementPopup[];
}
