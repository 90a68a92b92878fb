import { sql } from 'kysely';
import { readInPages } from '../../shared/batches';
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
  const rows = await readInPages(userIds, (page) =>
    db.selectFrom('member').select(['user_id', 'username']).where('user_id', 'in', page).execute(),
  );
  return new Map(rows.map((r) => [r.user_id, r.username]));
}

/** The usernames, as registered, of those of `names` (any case) that belong to a member. */
export async function existingUsernames(db: IdentityDb, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await readInPages(
    names.map((n) => n.toLowerCase()),
    (page) => db.selectFrom('member').select('username').where('username_lower', 'in', page).execute(),
  );
  return rows.map((r) => r.username);
}

/** The member ids of those of `names` (any case) that belong to a member. */
export async function userIdsByUsernames(db: IdentityDb, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await readInPages(
    names.map((n) => n.toLowerCase()),
    (page) => db.selectFrom('member').select('user_id').where('username_lower', 'in', page).execute(),
  );
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

/** The identity criteria of an announcement's segment (issue 29): joined after/before (epoch ms, 0 unset), verified. */
export interface MemberFilter {
  joinedAfter: number;
  joinedBefore: number;
  verified: boolean;
}

function filteredMembers(db: IdentityDb, filter: MemberFilter) {
  let query = db.selectFrom('member');
  if (filter.joinedAfter) query = query.where('member.created_at', '>', filter.joinedAfter);
  if (filter.joinedBefore) query = query.where('member.created_at', '<', filter.joinedBefore);
  if (filter.verified) {
    // Better Auth keeps the flag as 0/1 on SQLite and a boolean on PostgreSQL: the cast reads both.
    query = query
      .innerJoin('user', 'user.id', 'member.user_id')
      .where(sql<number>`cast("user"."emailVerified" as integer)`, '=', 1);
  }
  return query;
}

/** Members matching the filter, a page at a time in id order after `afterId`. */
export async function memberIdsMatching(
  db: IdentityDb,
  filter: MemberFilter,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const rows = await filteredMembers(db, filter)
    .select('member.user_id')
    .where('member.user_id', '>', afterId)
    .orderBy('member.user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function countMembersMatching(db: IdentityDb, filter: MemberFilter): Promise<number> {
  const row = await filteredMembers(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these members, the ones who asked for news by email (registration's subscribe), with their address. */
export async function subscribedEmails(db: IdentityDb, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await readInPages(userIds, (page) =>
    db
      .selectFrom('member')
      .innerJoin('user', 'user.id', 'member.user_id')
      .select(['member.user_id', 'user.email'])
      .where('member.user_id', 'in', page)
      .where('member.subscribe', '=', 1)
      .execute(),
  );
  return new Map(rows.map((r) => [r.user_id, r.email]));
}
