import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../capability';
import { prepared } from '../../shared/prepared';
import type { Database } from '../index';

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
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const sessionByToken = prepared((db, token: string) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.expiresAt',
      'user.id',
      'user.email',
      'user.emailVerified',
      'user.name',
    ])
    .where('session.token', '=', token),
);

/**
 * The signed-in account behind the request: the bearer token only. A cookie never signs a portal
 * or game action in, so a page of another site (or another port of this host) cannot act for a
 * member with a form (docs/security.md). Checked with one indexed query (session joined with user)
 * instead of Better Auth's full getSession (~1.4 ms): this is the hot path. Sessions are refreshed
 * by Better Auth's own /get-session, which the web calls on every load.
 */
export async function sessionFromRequest(
  deps: { db: Kysely<Database>; secret: string },
  req: FastifyRequest,
): Promise<SessionUser | null> {
  const token = bearerToken(req.headers.authorization, deps.secret);
  return token ? sessionOfToken(deps.db, token) : null;
}

/**
 * The signed-in account behind a bearer token given outside an Authorization header (the chat
 * socket's first frame): the same signature check and indexed lookup as sessionFromRequest.
 */
export async function sessionFromBearer(
  deps: { db: Kysely<Database>; secret: string },
  value: string,
): Promise<SessionUser | null> {
  const token = bearerToken(`Bearer ${value}`, deps.secret);
  return token ? sessionOfToken(deps.db, token) : null;
}

async function sessionOfToken(db: Kysely<Database>, token: string): Promise<SessionUser | null> {
  const [row] = await sessionByToken(db, token);
  // Better Auth stamps sessions with real time, so they are compared with real time too.
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return {
    id: row.id,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    name: row.name,
    sessionId: row.sessionId,
  };
}
