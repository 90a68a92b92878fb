/**
 * The operator console's contract (issue 27): roles, the permissions each role holds, and the
 * wire of `POST /api/console/<action>`. The server checks a permission on every console action;
 * the console's screens read the same table to show only what an operator may do.
 */

export const CONSOLE_ROLES = ['admin', 'moderator', 'support', 'viewer'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/** Every permission a console action may ask for, `<resource>:<verb>`. */
export const CONSOLE_PERMISSIONS = [
  'member:read',
  'member:note',
  'member:grant',
  'member:ban',
  'member:mute',
  'member:sessions',
  'member:account',
  'member:export',
  'chat:read',
  'chat:moderate',
  'audit:read',
  'operator:manage',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

const READ: readonly ConsolePermission[] = ['member:read', 'chat:read', 'audit:read'];

/**
 * What each role may do. admin: everything; moderator: chat, mutes, bans, notes; support: reads
 * members, account help (resend verification, force a password reset, revoke sessions), grants up
 * to its cap, notes, exports; viewer: reads everything, changes nothing.
 */
export const ROLE_PERMISSIONS: Readonly<Record<ConsoleRole, readonly ConsolePermission[]>> = {
  admin: CONSOLE_PERMISSIONS,
  moderator: [...READ, 'member:note', 'member:ban', 'member:mute', 'member:sessions', 'chat:moderate'],
  support: [...READ, 'member:note', 'member:grant', 'member:sessions', 'member:account', 'member:export'],
  viewer: READ,
};

export function roleMay(role: ConsoleRole, permission: ConsolePermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The console's service name: `POST /api/console/<action>` with the operator's bearer token. */
export const CONSOLE_SERVICE = 'console';

// ── Levers on members (issue 27, helper "levers"): bans, grants, members, moderation, notes ──

/**
 * What a banned member's sign-in (`/api/auth/sign-in/email`) and every member action answer:
 * iErrorCode MEMBER_BANNED, the reason, and when the ban ends (epoch ms; 0: until lifted).
 */
export interface MemberBannedAnswer {
  iErrorCode: number;
  sMessage?: string;
  sBanReason: string;
  iBanUntil: number;
}

/** Paged list answers: a page of rows, and whether another page follows. */
export interface ConsolePage<Row> {
  iErrorCode: number;
  sMessage?: string;
  aRows: Row[];
  bMore: boolean;
}

/** memberFind's row: one account. */
export interface ConsoleMemberRow {
  sUserID: string;
  sUsername: string;
  sEmail: string;
  bVerified: boolean;
  iJoinedAt: number;
  iLastSeenAt: number;
  bBanned: boolean;
  sWalletAddress: string;
}

/** memberShow's profile tab. */
export interface ConsoleMemberProfile extends ConsoleMemberRow {
  sReferralCode: string;
  sReferrerUserID: string;
  sReferrerUsername: string;
  bWhitelisted: boolean;
  sRole: string;
  sBanReason: string;
  /** When the ban ends (epoch ms); 0: until lifted, or no ban. */
  iBanUntil: number;
  bMuted: boolean;
  iPoints: number;
  iTickets: number;
}

/** memberShow's tabs: `profile` answers pProfile, every other tab a page of rows. */
export const MEMBER_TABS = [
  'profile',
  'referred',
  'sessions',
  'collectibles',
  'statement',
  'purchases',
  'raffles',
  'games',
  'scores',
  'chat',
  'moderation',
  'notices',
  'notes',
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export interface ConsoleSessionRow {
  sSessionID: string;
  /** "Firefox on Windows", from the user agent. */
  sDevice: string;
  sIp: string;
  iCreatedAt: number;
  iLastActiveAt: number;
  iExpiresAt: number;
}

export interface ConsoleNoteRow {
  iNoteID: number;
  sText: string;
  sActor: string;
  iCreatedAt: number;
}

export interface MemberShowAnswer {
  iErrorCode: number;
  sMessage?: string;
  sTab: MemberTab;
  pProfile?: ConsoleMemberProfile;
  /** The tab's rows (shape by tab: ConsoleSessionRow, ConsoleNoteRow, or the fields each tab lists). */
  aRows?: Record<string, string | number | boolean | null>[];
  bMore?: boolean;
}

/** memberGrant's answer: bApplied false when the key was granted before (a double submit). */
export interface MemberGrantAnswer {
  iErrorCode: number;
  sMessage?: string;
  bApplied: boolean;
}

export const REPORT_RESOLUTIONS = ['dismiss', 'delete', 'mute', 'ban'] as const;
export type ReportResolutionName = (typeof REPORT_RESOLUTIONS)[number];

export interface ConsoleContextMessage {
  iMessageID: number;
  sUserID: string;
  sUsername: string;
  sText: string;
  iCreatedAt: number;
  bDeleted: boolean;
  /** The reported message itself. */
  bReported: boolean;
}

export interface ConsoleReportRow {
  iReportID: number;
  sReason: string;
  sNote: string;
  iCreatedAt: number;
  sReporterUserID: string;
  sReporterUsername: string;
  sAuthorUserID: string;
  sAuthorUsername: string;
  sChannelID: string;
  iMessageID: number;
  aContext: ConsoleContextMessage[];
}

/** reportList / reportsSince: open reports, oldest first; iCursor is the last report's id (poll with it). */
export interface ReportListAnswer extends ConsolePage<ConsoleReportRow> {
  iCursor: number;
}
