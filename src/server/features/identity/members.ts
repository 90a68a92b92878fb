import { sql } from 'kysely';
import type { IdentityDb } from './tables';

/** The account id behind an operator's handle: a user id, an email, or a member's username. */
export async function findUserIdByHandle(db: IdentityDb, handle: string): Promise<string | null> {
  const byAccount = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', handle), eb('email', '=', handle.toLowerCase())]))
    .executeTakeFirst();
  if (byAccount) return byAccount.id;
  const byUsername = await db
    .selectFrom('member')
    .select('user_id')
    .where('username_lower', '=', handle.toLowerCase())
    .executeTakeFirst();
  return byUsername?.user_id ?? null;
}

/** Members' usernames by account id (accounts without a member profile are left out). */
export async function usernamesOf(db: IdentityDb, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('member')
    .select(['user_id', 'username'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.username]));
}

/** The usernames, as registered, of those of `names` (any case) that belong to a member. */
export async function existingUsernames(db: IdentityDb, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('member')
    .select('username')
    .where(
      'username_lower',
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return rows.map((r) => r.username);
}

/** The member ids of those of `names` (any case) that belong to a member. */
export async function userIdsByUsernames(db: IdentityDb, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('member')
    .select('user_id')
    .where(
      'username_lower',
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return rows.map((r) => r.user_id);
}

/** Every member's id, a page at a time in id order (a delivery to everyone). */
export async function memberIdsAfter(db: IdentityDb, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member')
    .select('user_id')
    .where('user_id', '>', afterId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Up to `limit` usernames starting with `prefix` (letters, digits, _; any case), shortest first. */
export async function usernamesStartingWith(db: IdentityDb, prefix: string, limit: number): Promise<string[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('member')
    .select('username')
    .where(sql<boolean>`username_lower like ${pattern} escape '\\'`)
    .orderBy(sql`length(username_lower)`)
    .orderBy('username_lower')
    .limit(limit)
    .execute();
  return rows.map((r) => r.username);
}
