import { writeAudit } from '../../shared/audit';
import { readInPages } from '../../shared/batches';
import type { Bus } from '../../shared/bus';
import { byId, inCodePointOrder, startsWith } from '../../shared/prefix';
import { inTransaction } from '../../shared/transaction';
import { banOfRow } from './bans';
import { announceSessionsEnded } from './sessionsEnded';
import type { IdentityDb } from './tables';

/**
 * What the operators' member pages (the members capability) read of members' accounts (issue 27,
 * decision 0248): prefix search, profiles, the referral tree and sessions, and the revocation of
 * sessions. Times are epoch milliseconds. Who is an operator is not here: that is the operators
 * capability's.
 */

const ms = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined ? 0 : new Date(value).getTime();

/**
 * Accounts whose id is `query`, or whose email, username or referral code starts with it (any
 * case): the first `limit` by account id. Every source is ordered by the account id, so a caller
 * merging them with others ordered the same way pages exactly.
 */
export async function userIdsMatching(db: IdentityDb, query: string, limit: number): Promise<string[]> {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const [byAccount, byMember, byCode] = await Promise.all([
    db
      .selectFrom('user')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', query.trim()), startsWith(db, 'email', q)]))
      .orderBy(inCodePointOrder(db, 'id'))
      .limit(limit)
      .execute(),
    db
      .selectFrom('member')
      .select('user_id')
      .where(startsWith(db, 'username_lower', q))
      .orderBy(inCodePointOrder(db, 'user_id'))
      .limit(limit)
      .execute(),
    db
      .selectFrom('member')
      .select('user_id')
      .where(startsWith(db, 'referral_code', query.trim().toUpperCase()))
      .orderBy(inCodePointOrder(db, 'user_id'))
      .limit(limit)
      .execute(),
  ]);
  const ids = new Set([
    ...byAccount.map((r) => r.id),
    ...byMember.map((r) => r.user_id),
    ...byCode.map((r) => r.user_id),
  ]);
  return [...ids].sort(byId).slice(0, limit);
}

export interface MemberProfile {
  userId: string;
  email: string;
  username: string | null;
  emailVerified: boolean;
  joinedAt: number;
  /** The latest activity of any live session (0: none). */
  lastSeenAt: number;
  referralCode: string | null;
  referrerUserId: string | null;
  ban: { reason: string; until: number | null } | null;
}

/** The profiles of these accounts (those that exist), in no particular order. */
export async function memberProfiles(db: IdentityDb, userIds: readonly string[]): Promise<MemberProfile[]> {
  if (userIds.length === 0) return [];
  const rows = await readInPages(userIds, (page) =>
    db
      .selectFrom('user')
      .leftJoin('member', 'member.user_id', 'user.id')
      .select((eb) => [
        'user.id',
        'user.email',
        'user.emailVerified',
        'user.createdAt',
        'user.banned',
        'user.banReason',
        'user.banExpires',
        'member.username',
        'member.referral_code',
        'member.referred_by_user_id',
        eb
          .selectFrom('session')
          .select((sub) => sub.fn.max('session.updatedAt').as('seen'))
          .whereRef('session.userId', '=', 'user.id')
          .as('last_seen'),
      ])
      .where('user.id', 'in', page)
      .execute(),
  );
  return rows.map((r) => ({
    userId: r.id,
    email: r.email,
    username: r.username ?? null,
    emailVerified: Boolean(r.emailVerified),
    joinedAt: ms(r.createdAt),
    lastSeenAt: ms(r.last_seen as Date | string | null),
    referralCode: r.referral_code ?? null,
    referrerUserId: r.referred_by_user_id ?? null,
    ban: banOfRow(r),
  }));
}

/** The members who joined with this member's referral code, newest first, paged. */
export async function referredMembers(db: IdentityDb, userId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('member')
    .select(['user_id', 'username', 'created_at'])
    .where('referred_by_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, username: r.username, joinedAt: Number(r.created_at) }));
}

export interface MemberSession {
  sessionId: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: number;
  lastActiveAt: number;
  expiresAt: number;
}

/** A member's sessions, most recently active first, paged; and how many there are. */
export async function memberSessions(
  db: IdentityDb,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberSession[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('session')
      .select(['id', 'ipAddress', 'userAgent', 'createdAt', 'updatedAt', 'expiresAt'])
      .where('userId', '=', userId)
      .orderBy('updatedAt', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      sessionId: r.id,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      createdAt: ms(r.createdAt),
      lastActiveAt: ms(r.updatedAt),
      expiresAt: ms(r.expiresAt),
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * An operator ends one session of a member (`sessionId`) or all of them: the rows and the audit
 * entry in one transaction, then every instance hears it (their chat sockets close). Answers how
 * many sessions ended.
 */
export async function revokeMemberSessions(
  deps: { db: IdentityDb; bus?: Bus },
  userId: string,
  revoke: { sessionId?: string; actor: string; reason: string; now: number },
): Promise<number> {
  const ended = await inTransaction(deps.db, async (trx) => {
    let query = trx.deleteFrom('session').where('userId', '=', userId);
    if (revoke.sessionId) query = query.where('id', '=', revoke.sessionId);
    const deleted = Number((await query.executeTakeFirst()).numDeletedRows);
    await writeAudit(trx, {
      actor: revoke.actor,
      action: 'member.sessions.revoke',
      detail: { userId, sessionId: revoke.sessionId ?? null, ended: deleted, reason: revoke.reason },
      at: revoke.now,
    });
    return deleted;
  });
  if (ended > 0 && deps.bus) {
    announceSessionsEnded(deps.bus, revoke.sessionId ? { userId, sessionIds: [revoke.sessionId] } : { userId });
  }
  return ended;
}
