/**
 * The member's notification centre (issue 28): entries kept per member on the server, read state
 * included, so every device agrees. Wire types of the portal actions listNotifications,
 * markNotificationsRead and getNotificationCounts, and of the live `notifications` frame.
 */

export const NOTIFICATION_KINDS = ['mention', 'raffle', 'prize', 'store', 'referral', 'announcement', 'trade'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Entries per page of listNotifications. */
export const NOTIFICATIONS_PAGE = 20;
/** Unread counts stop here (shown as "99+"). */
export const NOTIFICATIONS_UNREAD_CAP = 100;
export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 500;

export interface NotificationEntry {
  iNotificationID: number;
  sKind: NotificationKind;
  sTitle: string;
  sBody: string;
  /** A path inside the portal (starts with "/"), or "" for none. */
  sLink: string;
  iCreatedAt: number;
  /** 0 while unread. */
  iReadAt: number;
}

export interface NotificationCounts {
  /** Unread entries, capped at NOTIFICATIONS_UNREAD_CAP. */
  iUnread: number;
  /** Unread chat mentions (the tab title counts them). */
  iMentions: number;
}

export interface NotificationsPage extends NotificationCounts {
  iErrorCode: 0;
  aNotifications: NotificationEntry[];
  /** Pass as iBeforeID for the next (older) page; 0 when there is none. */
  iNextBeforeID: number;
}

export interface NotificationCountsAnswer extends NotificationCounts {
  iErrorCode: 0;
}

/** The live frame on the member socket: something changed, here are the new counts. */
export interface NotificationsFrame extends NotificationCounts {
  t: 'notifications';
}

/** A link in an entry: only paths inside the portal, so an entry never sends a member away. */
export function safeLink(link: string): string {
  return /^\/(?!\/)[^\s\\]*$/.test(link) ? link : '';
}
