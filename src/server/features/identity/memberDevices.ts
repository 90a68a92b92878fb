import { createHash } from 'node:crypto';
import { deviceOf } from '../../../protocol/device';
import type { MemberDeviceView } from '../../../protocol/memberAccount';
import type { Bus } from '../../shared/bus';
import { liveSessions, ms, type SessionRow } from './memberSessions';
import { announceSessionsEnded } from './sessionsEnded';
import type { IdentityDb } from './tables';

/**
 * A member's devices on /account (issue 42; decision 0216). Every tab signs in on its own (the
 * per-tab session, docs/product.md), so one browser holds many sessions: they are grouped by what
 * a member can tell apart (the browser and system, the address, whether the device is trusted)
 * and shown as one row with its count and its first and last sign-in; "sign out this device"
 * ends them all. A device is named on the wire by a hash of what groups it, never a session id.
 */

interface Grouped {
  id: string;
  device: string;
  ip: string;
  trusted: boolean;
  sessions: SessionRow[];
}

const deviceKey = (userId: string, device: string, ip: string, trusted: boolean) =>
  createHash('sha256')
    .update(`device:${userId}:${device}:${ip}:${trusted ? 1 : 0}`)
    .digest('hex')
    .slice(0, 32);

/** Whether this sign-in's session is on a trusted device: the code was skipped, or the member trusted it. */
export async function openedOnTrustedDevice(
  db: IdentityDb,
  path: string,
  body: unknown,
  userId: string,
): Promise<boolean> {
  if (path.startsWith('/two-factor/verify-')) return (body as { trustDevice?: unknown } | null)?.trustDevice === true;
  if (path !== '/sign-in/email') return false;
  // A password sign-in that issued a session while two-factor is on skipped the code: a trusted device.
  const user = await db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.twoFactorEnabled);
}

export async function markTrustedSession(db: IdentityDb, session: { id: string; userId: string }, now: number) {
  await db
    .insertInto('trusted_session')
    .values({ session_id: session.id, user_id: session.userId, created_at: now })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

async function groupedSessions(db: IdentityDb, userId: string, now: number): Promise<Grouped[]> {
  const [sessions, trusted] = await Promise.all([
    liveSessions(db, userId, now, 200),
    db.selectFrom('trusted_session').select('session_id').where('user_id', '=', userId).execute(),
  ]);
  const trustedIds = new Set(trusted.map((t) => t.session_id));
  const groups = new Map<string, Grouped>();
  for (const session of sessions) {
    const device = deviceOf(session.userAgent);
    const ip = session.ipAddress ?? '';
    const isTrusted = trustedIds.has(session.id);
    const id = deviceKey(userId, device, ip, isTrusted);
    const group = groups.get(id) ?? { id, device, ip, trusted: isTrusted, sessions: [] };
    group.sessions.push(session);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/** Successful sign-ins the history remembers, by device and address: the first and last. */
async function signInSpans(db: IdentityDb, userId: string) {
  const rows = await db
    .selectFrom('sign_in_event')
    .select(['device', 'ip'])
    .select((eb) => [eb.fn.min('at').as('first'), eb.fn.max('at').as('last')])
    .where('user_id', '=', userId)
    .where('ok', '=', 1)
    .groupBy(['device', 'ip'])
    .execute();
  return new Map(rows.map((r) => [`${r.device}|${r.ip ?? ''}`, { first: Number(r.first), last: Number(r.last) }]));
}

export async function listMyDevices(
  db: IdentityDb,
  userId: string,
  thisSessionId: string,
  now: number,
): Promise<MemberDeviceView[]> {
  const [groups, spans] = await Promise.all([groupedSessions(db, userId, now), signInSpans(db, userId)]);
  return groups
    .map((group): MemberDeviceView => {
      const created = group.sessions.map((s) => ms(s.createdAt));
      const span = spans.get(`${group.device}|${group.ip}`);
      return {
        sDeviceID: group.id,
        sDevice: group.device,
        sIP: group.ip,
        bTrusted: group.trusted,
        iSessions: group.sessions.length,
        iFirstSignInAt: Math.min(...created, span?.first ?? Number.POSITIVE_INFINITY),
        iLastSignInAt: Math.max(...created, span?.last ?? 0),
        iLastActiveAt: Math.max(...group.sessions.map((s) => ms(s.updatedAt))),
        bThisDevice: group.sessions.some((s) => s.id === thisSessionId),
      };
    })
    .sort((a, b) => Number(b.bThisDevice) - Number(a.bThisDevice) || b.iLastActiveAt - a.iLastActiveAt);
}

/**
 * Ends every session of the member's device named by its public id, except this tab's own (on
 * this device: its other tabs). Answers how many ended; null when the member has no such device.
 */
export async function endMyDevice(
  deps: { db: IdentityDb; bus: Bus },
  user: { id: string; sessionId: string },
  deviceId: string,
  now: number,
): Promise<number | null> {
  const group = (await groupedSessions(deps.db, user.id, now)).find((g) => g.id === deviceId);
  if (!group) return null;
  const ids = group.sessions.map((s) => s.id).filter((id) => id !== user.sessionId);
  if (ids.length === 0) return 0;
  const deleted = await deps.db
    .deleteFrom('session')
    .where('userId', '=', user.id)
    .where('id', 'in', ids)
    .executeTakeFirst();
  await deps.db.deleteFrom('trusted_session').where('session_id', 'in', ids).execute();
  announceSessionsEnded(deps.bus, { userId: user.id, sessionIds: ids });
  return Number(deleted.numDeletedRows);
}
