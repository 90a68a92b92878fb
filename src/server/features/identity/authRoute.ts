import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { Auth } from './auth';
import { type BanState, banOfEmail } from './bans';
import type { IdentityDb } from './tables';

/** Better Auth's admin plugin refuses a banned account's new session with this code. */
const BANNED_USER = 'BANNED_USER';

/** The portal's code for a Better Auth HTTP status. */
function codeOfStatus(status: number): number {
  if (status === 401) return ErrorCode.NOT_SIGNED_IN;
  if (status === 403) return ErrorCode.FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  return status >= 500 ? ErrorCode.INTERNAL : ErrorCode.BAD_INPUT;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return undefined;
  }
}

/**
 * Better Auth's answer in the protocol's shape: a refusal carries iErrorCode and sMessage beside
 * Better Auth's own code and message (the web's auth client reads those), a JSON answer gets
 * iErrorCode 0. Anything else (a redirect, a list) passes as it is.
 */
export function shapeAuthAnswer(status: number, text: string, ban?: BanState | null): { json: boolean; body: string } {
  const parsed = parse(text);
  const fields =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  if (status >= 400) {
    const iErrorCode = codeOfStatus(status);
    const message = typeof fields.message === 'string' && fields.message ? fields.message : errorMessage(iErrorCode);
    const code = typeof fields.code === 'string' ? fields.code : `HTTP_${status}`;
    if (code === BANNED_USER) {
      // The member reads why and until when (MemberBannedAnswer); the ban may have been lifted meanwhile.
      const banned = { iErrorCode: ErrorCode.MEMBER_BANNED, sMessage: errorMessage(ErrorCode.MEMBER_BANNED) };
      const body = { ...fields, code, message: banned.sMessage, ...banned };
      return {
        json: true,
        body: JSON.stringify({ ...body, sBanReason: ban?.reason ?? '', iBanUntil: ban?.until ?? 0 }),
      };
    }
    return { json: true, body: JSON.stringify({ ...fields, code, message, iErrorCode, sMessage: message }) };
  }
  if (status === 200 && (parsed === null || (parsed !== undefined && !Array.isArray(parsed)))) {
    return { json: true, body: JSON.stringify({ ...fields, iErrorCode: ErrorCode.OK }) };
  }
  return { json: false, body: text };
}

/**
 * The two-factor challenge of a sign-in: Better Auth keeps it in a signed `two_factor` cookie, and
 * the portal carries no cookies, so it travels as a header instead, like the bearer token: the
 * sign-in answers it in `set-two-factor-token` (opaque: the cookie's `name=value`), and the client
 * sends it back in `x-two-factor-token` to /two-factor/verify-totp or verify-backup-code.
 */
const TWO_FACTOR_COOKIE = /^((?:__Secure-)?better-auth\.two_factor)=([^;\s]+)/;
export const TWO_FACTOR_RESPONSE_HEADER = 'set-two-factor-token';
export const TWO_FACTOR_REQUEST_HEADER = 'x-two-factor-token';

function twoFactorChallenge(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = TWO_FACTOR_COOKIE.exec(cookie);
    if (match && !/max-age=0/i.test(cookie)) return `${match[1]}=${match[2]}`;
  }
  return null;
}

/** Mounts Better Auth at /api/auth/* by handing each request to its Fetch handler. */
export function registerAuthRoute(app: FastifyInstance, auth: Auth, publicUrl: string, db: IdentityDb): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, publicUrl);
      const hasBody = req.method !== 'GET' && req.body !== undefined;
      const headers = fromNodeHeaders(req.headers);
      // Bearer tokens only: a cookie never signs a request in (docs/security.md).
      headers.delete('cookie');
      const challenge = req.headers[TWO_FACTOR_REQUEST_HEADER];
      if (typeof challenge === 'string' && TWO_FACTOR_COOKIE.test(challenge)) headers.set('cookie', challenge);
      if (hasBody) headers.set('content-type', 'application/json');
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
      });
      const response = await auth.handler(request);
      // No cookies either: the web signs in with the bearer token (set-auth-token), and a session
      // cookie it never uses would only let another page of this site act as the member.
      // A sign-in waiting for its second factor answers the challenge, not the token of the
      // session the two-factor plugin has already deleted.
      const issued = twoFactorChallenge(response);
      if (issued) reply.header(TWO_FACTOR_RESPONSE_HEADER, issued);
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-type') return;
        if (!(issued && key === 'set-auth-token')) reply.header(key, value);
      });
      const text = response.body ? await response.text() : '';
      const ban =
        response.status === 403 && text.includes(BANNED_USER) ? await banOfEmail(db, bodyEmail(req.body)) : null;
      const shaped = shapeAuthAnswer(response.status, text, ban);
      const type = shaped.json ? 'application/json; charset=utf-8' : response.headers.get('content-type');
      if (type) reply.header('content-type', type);
      return reply.status(response.status).send(shaped.body);
    },
  });
}

function bodyEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}
