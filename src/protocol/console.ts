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
