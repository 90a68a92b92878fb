import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deviceOf } from '../../../protocol/device';
import { SIGN_IN_HISTORY_LENGTH, type SignInView } from '../../../protocol/memberAccount';
import type { Deps } from '../../deps';
import { addRouteHook } from '../../http/routeHook';
import { renderActionMail } from '../../mail/layout';
import { cancelDeletionAtSignIn } from './deletion';
import { markTrustedSession, openedOnTrustedDevice } from './memberDevices';
import { bearerToken } from './session';
import type { IdentityDb, IdentityTables } from './tables';

/**
 * Sign-in history and new-device alerts (issue 30; decision 0188). Every sign-in through
 * /api/auth, success or failure, becomes a `sign_in_event` row with the IP Fastify saw and the
 * user agent; a success from a device (protocol/device.ts: browser family on system) none of the
 * member's kept successes came from mails them a link to review their sessions on /account.
 */

/** Rows kept per member: the 30 shown, and enough earlier successes to know their devices. */
const KEPT_PER_MEMBER = 200;

export interface SignInRecord {
  userId: string;
  ok: boolean;
  ip: string | null;
  userAgent: string | null;
}

export async function recordSignIn(
  deps: Pick<Deps<IdentityTables>, 'db' | 'mailer' | 'config'>,
  record: SignInRecord & { now: number },
): Promise<{ newDevice: boolean }> {
  const { db } = deps;
  const device = deviceOf(record.userAgent);
  let newDevice = false;
  if (record.ok) {
    const earlier = await db
      .selectFrom('sign_in_event')
      .select(['device'])
      .where('user_id', '=', record.userId)
      .where('ok', '=', 1)
      .execute();
    newDevice = earlier.length > 0 && !earlier.some((e) => e.device === device);
  }
  await db
    .insertInto('sign_in_event')
    .values({
      user_id: record.userId,
      at: record.now,
      ok: record.ok ? 1 : 0,
      ip: record.ip?.slice(0, 64) ?? null,
      user_agent: record.userAgent?.slice(0, 512) ?? null,
      device,
      new_device: newDevice ? 1 : 0,
    })
    .execute();
  const oldest = await db
    .selectFrom('sign_in_event')
    .select('id')
    .where('user_id', '=', record.userId)
    .orderBy('id', 'desc')
    .offset(KEPT_PER_MEMBER)
    .limit(1)
    .executeTakeFirst();
  if (oldest) {
    await db.deleteFrom('sign_in_event').where('user_id', '=', record.userId).where('id', '<=', oldest.id).execute();
  }
  if (newDevice) await mailNewDevice(deps, record, device);
  return { newDevice };
}

async function mailNewDevice(
  deps: Pick<Deps<IdentityTables>, 'db' | 'mailer' | 'config'>,
  record: SignInRecord & { now: number },
  device: string,
) {
  const user = await deps.db.selectFrom('user').select('email').where('id', '=', record.userId).executeTakeFirst();
  if (!user) return;
  await deps.mailer.send(
    renderActionMail({
      to: user.email,
      subject: 'New sign-in to your portal account',
      heading: 'A sign-in from a new device',
      lines: [
        `Your account was just signed in from ${device}${record.ip ? ` (IP ${record.ip})` : ''}, a device it had not been used on before.`,
        'If this was you, there is nothing to do. If not, sign that session out and choose a new password.',
      ],
      buttonLabel: 'Review your sessions',
      link: new URL('/account', deps.config.publicUrl).toString(),
      footnote: `Sent ${new Date(record.now).toUTCString()}. You get this email whenever a new device signs in.`,
    }),
  );
}

/**
 * The member's last 30 sign-ins, newest first; alike ones in a row (same outcome, device and
 * address, none a new device) are one entry with their count and span (issue 42: every tab signs
 * in on its own, so a browser with three tabs signed in three times).
 */
export async function listSignIns(db: IdentityDb, userId: string): Promise<SignInView[]> {
  const rows = await db
    .selectFrom('sign_in_event')
    .select(['at', 'ok', 'ip', 'device', 'new_device'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(KEPT_PER_MEMBER)
    .execute();
  const views: SignInView[] = [];
  for (const r of rows) {
    const view: SignInView = {
      iAt: Number(r.at),
      iFirstAt: Number(r.at),
      iCount: 1,
      bSuccess: Number(r.ok) === 1,
      sDevice: r.device,
      sIP: r.ip ?? '',
      bNewDevice: Number(r.new_device) === 1,
    };
    const last = views.at(-1);
    if (last && alike(last, view)) {
      last.iCount += 1;
      last.iFirstAt = view.iAt;
      last.bNewDevice ||= view.bNewDevice;
      continue;
    }
    if (views.length === SIGN_IN_HISTORY_LENGTH) break;
    views.push(view);
  }
  return views;
}

const alike = (a: SignInView, b: SignInView) =>
  a.bSuccess === b.bSuccess && a.sDevice === b.sDevice && a.sIP === b.sIP && !a.bNewDevice;

const AUTH_PREFIX = '/api/auth';
/** Routes whose 200 with a session token is a sign-in (the password, a second factor, a passkey). */
const isSignInPath = (path: string) =>
  path.startsWith('/sign-in/') || path.startsWith('/two-factor/verify-') || path === '/passkey/verify-authentication';

/**
 * Watches Better Auth's route (registered before it): a sign-in that issued a session is a
 * success of the session's account, whose row also gets the IP Fastify saw (Better Auth reads
 * forwarding headers only); a refused password sign-in of a known email is a failure. Recorded
 * before the answer leaves, so the history the member asks for next includes it.
 */
export function registerSignInRecorder(app: FastifyInstance, deps: Deps<IdentityTables>): void {
  addRouteHook(app, '/api/auth/*', 'onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    await record(req, reply);
    return payload;
  });

  async function record(req: FastifyRequest, reply: FastifyReply) {
    if (req.method !== 'POST') return;
    const path = new URL(req.url, 'http://portal').pathname.slice(AUTH_PREFIX.length);
    const signUp = path === '/sign-up/email';
    if (!signUp && !isSignInPath(path)) return;
    const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null;
    const now = deps.clock.now();
    try {
      const issued = reply.getHeader('set-auth-token');
      if (reply.statusCode === 200 && typeof issued === 'string') {
        const token = bearerToken(`Bearer ${issued}`, deps.config.authSecret);
        if (!token) return;
        const session = await deps.db
          .selectFrom('session')
          .select(['id', 'userId'])
          .where('token', '=', token)
          .executeTakeFirst();
        if (!session) return;
        await deps.db.updateTable('session').set({ ipAddress: req.ip }).where('id', '=', session.id).execute();
        if (await openedOnTrustedDevice(deps.db, path, req.body, session.userId))
          await markTrustedSession(deps.db, session, now);
        await recordSignIn(deps, { userId: session.userId, ok: true, ip: req.ip, userAgent, now });
        // Back during the grace period: the deletion is off (decision 0217); the web says so on arrival.
        if (!signUp) await cancelDeletionAtSignIn(deps.db, session.userId, now);
        return;
      }
      if (path !== '/sign-in/email' || reply.statusCode < 400 || reply.statusCode === 429) return;
      const email = (req.body as { email?: unknown } | undefined)?.email;
      if (typeof email !== 'string') return;
      const user = await deps.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      if (user) await recordSignIn(deps, { userId: user.id, ok: false, ip: req.ip, userAgent, now });
    } catch (error) {
      req.log.warn({ err: error }, 'sign-in history not recorded');
    }
  }
}
