import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { writeAudit } from '../../shared/audit';
import type { IdentityDb } from './tables';

/**
 * Accounts and their Better Auth `role` (issue 27): the rows behind operator accounts, the one-time
 * set-password link, and the sessions the console's gate reads. The operators capability decides
 * (operators/operators.ts, consoleSessions.ts); these read and write Better Auth's tables.
 * Dates go to Better Auth's tables as ISO strings (SQLite keeps them so; PostgreSQL casts them).
 */
export interface AccountWithRole {
  id: string;
  email: string;
  role: string;
  twoFactorEnabled: boolean;
}

const MEMBER_ROLE = 'user';

function asAccount(row: { id: string; email: string; role: string | null; twoFactorEnabled: unknown }) {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? MEMBER_ROLE,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  };
}

export async function accountByEmail(db: IdentityDb, email: string): Promise<AccountWithRole | null> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'email', 'role', 'twoFactorEnabled'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? asAccount(row) : null;
}

export async function accountById(db: IdentityDb, id: string): Promise<AccountWithRole | null> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'email', 'role', 'twoFactorEnabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? asAccount(row) : null;
}

/** Accounts whose role is one of `roles`, by email. */
export async function accountsWithRoles(db: IdentityDb, roles: readonly string[]): Promise<AccountWithRole[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('user')
    .select(['id', 'email', 'role', 'twoFactorEnabled'])
    .where('role', 'in', roles)
    .orderBy('email')
    .execute();
  return rows.map(asAccount);
}

/** The console's roles (protocol/console.ts), as Better Auth's `role` column holds them. */
const CONSOLE_ROLE_NAMES = ['admin', 'moderator', 'support', 'viewer'];

/**
 * Admins who can still reach the console (issue 35): not banned (a ban in force), not erased,
 * and not being deleted. The last-admin rule counts these, not every row whose role says admin;
 * `except`: leave this account out (the one a change would demote).
 */
export async function usableAdminCount(db: IdentityDb, except?: string, now = Date.now()): Promise<number> {
  const rows = await db
    .selectFrom('user')
    .leftJoin('account_deletion', 'account_deletion.user_id', 'user.id')
    .select(['user.id', 'user.email', 'user.banned', 'user.banExpires', 'account_deletion.state'])
    .where('user.role', '=', 'admin')
    .execute();
  return rows.filter((row) => {
    if (row.id === except) return false;
    const banned = Boolean(row.banned) && (row.banExpires === null || new Date(row.banExpires).getTime() > now);
    const leaving = row.state === 'scheduled' || row.state === 'erasing' || row.state === 'erased';
    return !banned && !leaving && !row.email.endsWith('@deleted.invalid');
  }).length;
}

/**
 * Ends an account's operator role (a ban does, issue 35): it becomes a member and its second
 * factor is forgotten, audited as `operator.remove`. Its console sessions end with its sessions,
 * which the ban ends right after (bans.ts). Nothing happens to a member's account.
 */
export async function endOperatorRole(
  db: IdentityDb,
  userId: string,
  change: { actor: string; reason: string; now: number },
): Promise<void> {
  const account = await accountById(db, userId);
  if (!account || !CONSOLE_ROLE_NAMES.includes(account.role)) return;
  await setAccountRole(db, userId, MEMBER_ROLE, change.now);
  await clearSecondFactor(db, userId, change.now);
  await writeAudit(db, {
    actor: change.actor,
    action: 'operator.remove',
    detail: { email: account.email, from: account.role, to: MEMBER_ROLE, reason: change.reason },
    at: change.now,
    memberId: userId,
  });
}

/** A new account with a role and no password yet (the set-password link gives it one); its id. */
export async function createAccountWithRole(db: IdentityDb, email: string, role: string, now: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const at = new Date(now).toISOString();
  const address = email.trim().toLowerCase();
  await db
    .insertInto('user')
    .values({
      id,
      email: address,
      name: address.split('@')[0] ?? address,
      // An operator's address is the one the studio gave: the link mailed to it proves it.
      emailVerified: sql<boolean>`true`,
      createdAt: at,
      updatedAt: at,
      role,
      twoFactorEnabled: sql<boolean>`false`,
    })
    .execute();
  return id;
}

export async function setAccountRole(db: IdentityDb, userId: string, role: string, now: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ role, updatedAt: new Date(now).toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * A one-time link token that sets the account's password through Better Auth's own
 * `POST /api/auth/reset-password {token, newPassword}` (it creates the credential account when
 * there is none). Earlier unused links of the account stop working.
 */
export async function createPasswordSetToken(db: IdentityDb, userId: string, now: number, ttlMs: number) {
  const token = randomBytes(24).toString('base64url');
  const at = new Date(now).toISOString();
  await db
    .deleteFrom('verification')
    .where('value', '=', userId)
    .where('identifier', 'like', 'reset-password:%')
    .execute();
  await db
    .insertInto('verification')
    .values({
      id: randomBytes(16).toString('base64url'),
      identifier: `reset-password:${token}`,
      value: userId,
      // Better Auth compares the expiry with the real clock.
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return token;
}

// ── Sessions, for the console's gate (operators/consoleSessions.ts) ─────────────────────────

/** The account behind a live session token, with its role (null: no such live session). */
export async function accountSessionOfToken(db: IdentityDb, token: string) {
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.expiresAt',
      'user.id as userId',
      'user.email',
      'user.role',
      'user.twoFactorEnabled',
    ])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    role: row.role ?? MEMBER_ROLE,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  };
}

/** Deletes these sessions of an account (a console sign-out, an idle timeout); how many went. */
export async function deleteSessions(db: IdentityDb, userId: string, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const ended = await db
    .deleteFrom('session')
    .where('userId', '=', userId)
    .where('id', 'in', sessionIds)
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/**
 * Forgets an account's TOTP secret and backup codes: a demoted operator signs in as a member
 * again with the password alone (the member portal asks no second factor).
 */
export async function clearSecondFactor(db: IdentityDb, userId: string, now: number): Promise<void> {
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await db
    .updateTable('user')
    .set({ twoFactorEnabled: sql<boolean>`false`, updatedAt: new Date(now).toISOString() })
    .where('id', '=', userId)
    .execute();
}
