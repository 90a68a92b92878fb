import { createHash } from 'node:crypto';
import { deviceOf } from '../../../protocol/device';
import type { MemberSessionView } from '../../../protocol/memberAccount';
import type { Bus } from '../../shared/bus';
import { announceSessionsEnded } from './sessionsEnded';
import type { IdentityDb } from './tables';

/**
 * The member's own sessions on /account (issue 30): listed with their device and IP, ended one at
 * a time or all but this one. A session is named on the wire by a hash of its id, never its token.
 */
export const publicSessionId = (sessionId: string) =>
  createHash('sha256').update(`session:${sessionId}`).digest('hex').slice(0, 32);

export const ms = (value: Date | string | number) => new Date(value).getTime();

/** The member's unexpired sessions, most recently active first, at most `limit` of them. */
export async function liveSessions(db: IdentityDb, userId: string, now: number, limit: number) {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'ipAddress', 'userAgent', 'createdAt', 'updatedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .limit(limit)
    .execute();
  return rows.filter((r) => ms(r.expiresAt) > Math.min(now, Date.now()));
}

export type SessionRow = Awaited<ReturnType<typeof liveSessions>>[number];

export async function listMySessions(db: IdentityDb, userId: string, thisSessionId: string, now: number) {
  return (await liveSessions(db, userId, now, 100))
    .map(
      (r): MemberSessionView => ({
        sSessionID: publicSessionId(r.id),
        sDevice: deviceOf(r.userAgent),
        sIP: r.ipAddress ?? '',
        iCreatedAt: ms(r.createdAt),
        iLastActiveAt: ms(r.updatedAt),
        bThisDevice: r.id === thisSessionId,
      }),
    )
    .sort((a, b) => Number(b.bThisDevice) - Number(a.bThisDevice));
}

/** Ends the member's session named by its public id; false when they have no such session. */
export async function endMySession(deps: { db: IdentityDb; bus: Bus }, userId: string, publicId: string) {
  const ids = await deps.db.selectFrom('session').select('id').where('userId', '=', userId).execute();
  const target = ids.find((r) => publicSessionId(r.id) === publicId);
  if (!target) return false;
  const deleted = await deps.db
    .deleteFrom('session')
    .where('id', '=', target.id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  announceSessionsEnded(deps.bus, { userId, sessionIds: [target.id] });
  return true;
}
