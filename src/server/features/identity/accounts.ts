import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readInPages } from '../../shared/batches';
import type { IdentityDb } from './tables';

/**
 * Accounts as another capability needs them (decision 0248): the operators capability keeps who is
 * an operator in its own table and asks identity, whose tables these are (Better Auth's `user`,
 * `session`, `verification`, `twoFactor`), for the account behind an email, an id or a session
 * token, a new account, its one-time set-password link, the end of sessions and of a second factor.
 * Dates go to Better Auth's tables as ISO strings (SQLite keeps them so; PostgreSQL casts them).
 */
export interface Account {
  id: string;
  email: string;
  twoFactorEnabled: boolean;
}

const asAccount = (row: { id: string; email: string; twoFactorEnabled: unknown }): Account => ({
  id: row.id,
  email: row.email,
  twoFactorEnabled: Boolean(row.twoFactorEnabled),
});

export async function accountByEmail(db: IdentityDb, email: string): Promise<Account | null> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'email', 'twoFactorEnabled'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? asAccount(row) : null;
}

export async function accountById(db: IdentityDb, id: string): Promise<Account | null> {
  return (await accountsByIds(db, [id]))[0] ?? null;
}

/** The accounts of these ids that exist, in no particular order. */
export async function accountsByIds(db: IdentityDb, ids: readonly string[]): Promise<Account[]> {
  if (ids.length === 0) return [];
  const rows = await readInPages(ids, (page) =>
    db.selectFrom('user').select(['id', 'email', 'twoFactorEnabled']).where('id', 'in', page).execute(),
  );
  return rows.map(asAccount);
}

/**
 * Of these accounts, those still in use (issue 35): no ban in force, not erased, not being
 * deleted. The operators' last-admin rule counts these.
 */
export async function accountsInUse(db: IdentityDb, ids: readonly string[], now = Date.now()): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await readInPages(ids, (page) =>
    db
      .selectFrom('user')
      .leftJoin('account_deletion', 'account_deletion.user_id', 'user.id')
      .select(['user.id', 'user.email', 'user.banned', 'user.banExpires', 'account_deletion.state'])
      .where('user.id', 'in', page)
      .execute(),
  );
  return rows
    .filter((row) => {
      const banned = Boolean(row.banned) && (row.banExpires === null || new Date(row.banExpires).getTime() > now);
      const leaving = row.state === 'scheduled' || row.state === 'erasing' || row.state === 'erased';
      return !banned && !leaving && !row.email.endsWith('@deleted.invalid');
    })
    .map((row) => row.id);
}

/** A new account with no password yet (the set-password link gives it one); its id. */
export async function createAccount(db: IdentityDb, email: string, now: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const at = new Date(now).toISOString();
  const address = email.trim().toLowerCase();
  await db
    .insertInto('user')
    .values({
      id,
      email: address,
      name: address.split('@')[0] ?? address,
      // The address is the one the studio gave: the link mailed to it proves it.
      emailVerified: sql<boolean>`true`,
      createdAt: at,
      updatedAt: at,
      // Better Auth's admin plugin's default: its role column is never a console role (decision 0248).
      role: 'user',
      twoFactorEnabled: sql<boolean>`false`,
    })
    .execute();
  return id;
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

/** The account behind a live session token (null: no such live session). */
export async function accountSessionOfToken(db: IdentityDb, token: string) {
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.expiresAt',
      'user.id as userId',
      'user.email',
      'user.twoFactorEnabled',
    ])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
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

// ── Better Auth's `user.role` before decision 0248 ───────────────────────────────────────────

/**
 * The console roles Better Auth's `user.role` held before the operators capability kept them
 * (decision 0248), for its migration (operators/003) alone. `take` answers every account whose
 * role is one of `roles` and sets theirs to the plugin's default, `user`; `giveBack` (the
 * migration's down) writes roles into the column again.
 */
export const legacyUserRoles = {
  async take(db: IdentityDb, roles: readonly string[]): Promise<Array<{ userId: string; role: string }>> {
    if (roles.length === 0) return [];
    const rows = await db.selectFrom('user').select(['id', 'role']).where('role', 'in', roles).execute();
    // Only when there are some: on a new database the user table's triggers name tables made later.
    if (rows.length > 0) await db.updateTable('user').set({ role: 'user' }).where('role', 'in', roles).execute();
    return rows.map((row) => ({ userId: row.id, role: row.role ?? 'user' }));
  },
  async giveBack(db: IdentityDb, roles: ReadonlyArray<{ userId: string; role: string }>): Promise<void> {
    for (const { userId, role } of roles) await db.updateTable('user').set({ role }).where('id', '=', userId).execute();
  },
};
