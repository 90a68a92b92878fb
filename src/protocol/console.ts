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
  // Issue 29: live operations, announcements and the status page.
  'live:read',
  'live:manage',
  'chat:channels',
  'announce:read',
  'announce:send',
  'status:read',
  /** Issue 39: reverse a completed trade (admins only; cancelling a held one is member:ban). */
  'trade:reverse',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

const READ: readonly ConsolePermission[] = [
  'member:read',
  'chat:read',
  'audit:read',
  'live:read',
  'announce:read',
  'status:read',
];

/**
 * What each role may do. admin: everything (live operations, announcements, operators); moderator:
 * chat (reports and channels), mutes, bans, notes; support: reads members, account help (resend
 * verification, force a password reset, revoke sessions), grants up to its cap, notes, exports;
 * viewer: reads everything (members, live settings, announcements, status), changes nothing.
 */
export const ROLE_PERMISSIONS: Readonly<Record<ConsoleRole, readonly ConsolePermission[]>> = {
  admin: CONSOLE_PERMISSIONS,
  moderator: [...READ, 'member:note', 'member:ban', 'member:mute', 'member:sessions', 'chat:moderate', 'chat:channels'],
  support: [...READ, 'member:note', 'member:grant', 'member:sessions', 'member:account', 'member:export'],
  viewer: READ,
};

export function roleMay(role: ConsoleRole, permission: ConsolePermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** The console's service name: `POST /api/console/<action>` with the operator's bearer token. */
export const CONSOLE_SERVICE = 'console';

// ── Operators, console sessions and the audit log (issue 27, helper "ops") ─────────────────────
//
// Sign-in (Better Auth under /api/auth, bearer tokens only):
//   1. the mailed link /console/welcome?token=T → POST /api/auth/reset-password {token, newPassword}
//   2. POST /api/auth/sign-in/email {email, password} → a token (`set-auth-token`) while TOTP is not
//      enrolled; once it is: {twoFactorRedirect: true} and the challenge in `set-two-factor-token`
//   3. enrol: POST /api/auth/two-factor/enable {password} (bearer) → {totpURI, backupCodes[10]};
//      POST /api/auth/two-factor/verify-totp {code} (bearer) → the console session's token
//   4. second factor at sign-in: POST /api/auth/two-factor/verify-totp {code} or
//      /two-factor/verify-backup-code {code} with header `x-two-factor-token` → the console token
//   5. console actions: POST /api/console/<action> with `Authorization: Bearer <token>`

/** `whoami` */
export interface ConsoleWhoamiAnswer {
  iErrorCode: number;
  sUserId: string;
  sEmail: string;
  sRole: ConsoleRole;
  aPermissions: ConsolePermission[];
  /** The console session ends after this many idle minutes. */
  iIdleMinutes: number;
}

export interface ConsoleOperatorRow {
  sUserId: string;
  sEmail: string;
  sRole: ConsoleRole;
  /** TOTP enrolled. */
  bTwoFactor: boolean;
  /** operatorsList (issue 38): the last successful sign-in (epoch ms), null: never. */
  iLastSignInAt?: number | null;
  /** operatorsList: a password is set (false: the welcome link was never used; "Resend welcome" offered). */
  bPasswordSet?: boolean;
}

export interface ConsoleGrantCapRow {
  sRole: ConsoleRole;
  /** Points or tickets per grant; null: no cap. */
  iMaxAmount: number | null;
}

/** Issue 35: what one operator of a role may grant per UTC day; null: no daily total. */
export interface ConsoleDailyCapRow {
  sRole: ConsoleRole;
  /** Points and tickets together. */
  iDailyAmount: number | null;
  /** Collectibles minted. */
  iDailyItems: number | null;
}

/** `operatorsList` (operator:manage) */
export interface ConsoleOperatorsListAnswer {
  iErrorCode: number;
  aRows: ConsoleOperatorRow[];
  iTotal: number;
  aGrantCaps: ConsoleGrantCapRow[];
  aDailyCaps: ConsoleDailyCapRow[];
}

/** `operatorAdd` {sEmail, sRole, sReason} (operator:manage): the set-password link is mailed. */
export interface ConsoleOperatorAddAnswer {
  iErrorCode: number;
  pOperator: ConsoleOperatorRow;
  bCreated: boolean;
}

/** `operatorSetRole` {sEmail, sRole, sReason}, `operatorRemove` {sEmail, sReason} (operator:manage) */
export interface ConsoleOperatorChangeAnswer {
  iErrorCode: number;
  pOperator: ConsoleOperatorRow | { sUserId: string; sEmail: string; sRole: 'user'; bTwoFactor: boolean };
  sFromRole: ConsoleRole;
}

/** `grantCapSet` {sRole, iMaxAmount (absent or -1: no cap), sReason} (operator:manage) */
export interface ConsoleGrantCapSetAnswer {
  iErrorCode: number;
  aGrantCaps: ConsoleGrantCapRow[];
  aDailyCaps: ConsoleDailyCapRow[];
}

/**
 * Filters of `auditList` and `auditExport` (audit:read), all optional: sOperator (an operator's
 * email: their console actions and their own identity events), sActor (an exact actor such as
 * `cli:root`), sMember (a member's id, email or username), sAction (exact, or a prefix ending in
 * `.` such as `operator.`), iSince / iUntil (epoch ms, from inclusive, to exclusive).
 * `auditList` pages with iPage (from 1) and iPageSize (1–200, default 50).
 */
export interface ConsoleAuditRow {
  iId: number;
  /** Epoch ms. */
  iAt: number;
  /** `console:<email>`, `cli:<user>` or `self:<email>` (the account itself: sign-in, password…). */
  sActor: string;
  sAction: string;
  sMemberId: string | null;
  /** The member's username (null: no member, or an account without one, such as an operator's). */
  sMemberName: string | null;
  pDetail: unknown;
}

export interface ConsoleAuditListAnswer {
  iErrorCode: number;
  aRows: ConsoleAuditRow[];
  /** How many entries match; with bTotalAtLeast, at least this many (the count stops 1,000 past the page: decision 0214). */
  iTotal: number;
  bTotalAtLeast?: boolean;
}

/** `auditExport`: the matching entries (newest first, at most AUDIT_EXPORT_MAX) as CSV text. */
export interface ConsoleAuditExportAnswer {
  iErrorCode: number;
  sCsv: string;
  iRows: number;
}

export const AUDIT_EXPORT_MAX = 10_000;

// ── The operator's own account (issue 38): password, backup codes, console sessions ──────────

/** One console session of the caller's (accountShow). */
export interface ConsoleOwnSessionRow {
  /** A hash of the session's id: accountSessionEnd names it so. */
  sSessionID: string;
  /** "Chrome on Linux", from the user agent. */
  sDevice: string;
  /** The address it signed in from ('' when not known). */
  sIP: string;
  iCreatedAt: number;
  /** The last console action in it. */
  iLastActiveAt: number;
  /** The session this call came from. */
  bThisSession: boolean;
}

/** `accountShow` (any role): the caller's backup codes left (null: not enrolled) and console sessions. */
export interface ConsoleAccountAnswer {
  iErrorCode: number;
  sEmail: string;
  sRole: ConsoleRole;
  iBackupCodesLeft: number | null;
  aSessions: ConsoleOwnSessionRow[];
}

/** `accountPasswordChange`: how many other sessions of the caller ended (this one continues). */
export interface ConsoleAccountPasswordAnswer {
  iErrorCode: number;
  iSessionsEnded: number;
}

/** `accountBackupCodesRenew`: the new codes, shown once; the old ones stop working. */
export interface ConsoleAccountBackupCodesAnswer {
  iErrorCode: number;
  aBackupCodes: string[];
}

/** `operatorResendWelcome` (operator:manage): the operator a fresh set-password link was mailed to. */
export interface ConsoleOperatorResendAnswer {
  iErrorCode: number;
  pOperator: ConsoleOperatorRow;
}

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

/** memberSessionsRevoke's answer: how many of the member's sessions ended. */
export interface MemberSessionsRevokeAnswer {
  iErrorCode: number;
  iEnded: number;
}

/** memberExport's answer: everything the portal holds about the member (audited). */
export interface MemberExportAnswer {
  iErrorCode: number;
  pExport: Record<string, unknown>;
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

/** A resolved report in reportHistory: who resolved it, how and when (issue 38). */
export interface ConsoleResolvedReportRow {
  iReportID: number;
  sReason: string;
  sNote: string;
  iCreatedAt: number;
  sReporterUserID: string;
  sReporterUsername: string;
  sAuthorUserID: string;
  sAuthorUsername: string;
  sChannelID: string;
  /** The reported message's text (as it was, even when the resolution deleted it). */
  sText: string;
  /** dismissed, deleted, muted or banned. */
  sResolution: string;
  /** The audit actor who resolved it: `console:<email>` or `cli:<user>`. */
  sResolvedBy: string;
  iResolvedAt: number;
}

export type ReportHistoryAnswer = ConsolePage<ConsoleResolvedReportRow>;

/** One item's outcome in a bulk action: OK, or the code and sentence a single call would answer. */
export interface ConsoleBulkResult {
  /** The member's id, or the item (an invite code) the lever acted on. */
  sUserID: string;
  iErrorCode: number;
  sMessage?: string;
}

/** consoleBulk (issue 38): the batch id every audit row of the batch carries, and each member's outcome. */
export interface ConsoleBulkAnswer {
  iErrorCode: number;
  sBatchID: string;
  aResults: ConsoleBulkResult[];
}

/** auditActions (issue 38): every action name the audit log holds, sorted, for the action filter's list. */
export interface ConsoleAuditActionsAnswer {
  iErrorCode: number;
  aActions: string[];
}
