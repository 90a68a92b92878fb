import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ConsoleSessions, SessionUser } from '../../capability';
import { prepared } from '../../shared/prepared';
import { readRevisions, readRevisionsNow, SHARED_SCOPE } from '../../shared/revisions';
import { banOfRow } from './bans';
import type { IdentityDb } from './tables';

/**
 * The session token behind `Authorization: Bearer …`, as Better Auth's bearer plugin reads it:
 * `token.signature` (HMAC-SHA256 with the auth secret) or a bare token. Undefined when there is
 * no bearer header, null when its signature is wrong.
 */
export function bearerToken(header: string | undefined, secret: string): string | null | undefined {
  if (header?.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  let value = header.slice(7).trim();
  if (!value) return undefined;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const dot = value.indexOf('.');
  if (dot < 0) return value;
  let verified = verifiedBySecret.get(secret);
  const known = verified?.get(value);
  if (known) return known;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  verified.set(value, token);
  return token;
}

/** Signed tokens already checked, by secret: the same string needs no second HMAC. */
const verifiedBySecret = new Map<string, Map<string, string>>();
const MAX_VERIFIED = 10_000;

const sessionByToken = prepared((db: IdentityDb, token: string) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select((eb) => [
      'session.id as sessionId',
      'session.expiresAt',
      'user.id',
      'user.email',
      'user.emailVerified',
      'user.name',
      'user.banned',
      'user.banReason',
      'user.banExpires',
      eb.selectFrom('data_revision').select('revision').whereRef('scope', '=', 'user.id').as('member_revision'),
      eb.selectFrom('data_revision').select('revision').where('scope', '=', SHARED_SCOPE).as('shared_revision'),
    ])
    .where('session.token', '=', token),
);

/** How a session is checked: the database, the auth secret, and the keeper of console sessions (operators). */
export interface SessionDeps {
  db: IdentityDb;
  secret: string;
  consoleSessions(): ConsoleSessions | null;
}

interface KnownSession {
  user: Omit<SessionUser, 'revisions'>;
  expiresAt: number;
  /** The member's data revision when the session was read: writes to the session or the account raise it. */
  member: number;
}

/** Sessions seen lately, by token, per database. */
const known = new WeakMap<IdentityDb, Map<string, KnownSession>>();
const MAX_KNOWN_SESSIONS = 10_000;

/**
 * The signed-in account behind the request: the bearer token only. A cookie never signs a portal
 * or game action in, so a page of another site (or another port of this host) cannot act for a
 * member with a form (docs/security.md). Checked with one indexed query (session joined with user)
 * and, unless remembered, a primary-key look at console sessions, instead of Better Auth's full
 * getSession (~1.4 ms): this is the hot path. Sessions are refreshed
 * by Better Auth's own /get-session, which the web calls on every load.
 */
export function sessionFromRequest(
  deps: SessionDeps,
  req: FastifyRequest,
): SessionUser | null | Promise<SessionUser | null> {
  const token = bearerToken(req.headers.authorization, deps.secret);
  if (!token) return null;
  return heldSessionNow(deps.db, token) ?? sessionOfToken(deps, token);
}

/**
 * The signed-in account behind a bearer token given outside an Authorization header (the chat
 * socket's first frame): the same signature check and indexed lookup as sessionFromRequest.
 */
export async function sessionFromBearer(
  deps: SessionDeps,
  value: string,
): Promise<(SessionUser & { expiresAt: number }) | null> {
  const token = bearerToken(`Bearer ${value}`, deps.secret);
  const session = token ? await sessionOfToken(deps, token) : null;
  return session?.ban ? null : session;
}

/**
 * A remembered session whose member revision still stands, checked without a promise (SQLite with
 * no transaction open: the same revision read as sessionOfToken's, run at once); undefined when
 * that cannot be said now, for sessionOfToken to decide (and forget a stale entry).
 */
function heldSessionNow(db: IdentityDb, token: string): (SessionUser & { expiresAt: number }) | undefined {
  const held = known.get(db)?.get(token);
  if (!held) return undefined;
  const revisions = readRevisionsNow(db, held.user.id);
  if (!revisions || revisions.member !== held.member || held.expiresAt <= Date.now()) return undefined;
  return { ...held.user, revisions, expiresAt: held.expiresAt };
}

/**
 * The session behind a token: from memory while the member's data revision stands (a sign-out,
 * a refresh or an account change raises it: shared/revisions.ts), else one indexed query. Either
 * way the answer carries the member's revisions, read before anything else about the member.
 */
async function sessionOfToken(
  { db, consoleSessions }: SessionDeps,
  token: string,
): Promise<(SessionUser & { expiresAt: number }) | null> {
  let sessions = known.get(db);
  if (!sessions) {
    sessions = new Map();
    known.set(db, sessions);
  }
  const held = sessions.get(token);
  if (held) {
    const revisions = await readRevisions(db, held.user.id);
    if (revisions.member === held.member && held.expiresAt > Date.now())
      return { ...held.user, revisions, expiresAt: held.expiresAt };
    sessions.delete(token);
  }
  const [row] = await sessionByToken(db, token);
  // Better Auth stamps sessions with real time, so they are compared with real time too.
  const expiresAt = row ? new Date(row.expiresAt).getTime() : 0;
  if (!row || expiresAt <= Date.now()) return null;
  // A console session acts in the console only: it is no member session (decision 0206). Asked
  // before the session is remembered: a console session never is.
  if (await consoleSessions()?.isConsoleSession(row.sessionId)) return null;
  const ban = banOfRow(row);
  const user = {
    id: row.id,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    name: row.name,
    sessionId: row.sessionId,
    // A ban ends the member's sessions; one set by other means still refuses every action.
    ...(ban ? { ban } : {}),
  };
  const revisions = { member: Number(row.member_revision ?? 0), shared: Number(row.shared_revision ?? 0) };
  if (sessions.size >= MAX_KNOWN_SESSIONS) sessions.delete(sessions.keys().next().value as string);
  sessions.set(token, { user, expiresAt, member: revisions.member });
  return { ...user, revisions, expiresAt };
}
