import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { ConsoleSessions } from '../../capability';
import type { Auth } from './auth';
import { type BanState, banOfEmail, banOfPasskey } from './bans';
import { CODE_CHECK_HEADER, checkDisableRequest } from './secondFactor';
import { sessionRuleRefusal } from './sessionRules';
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

/**
 * The portal's code for a refusal of the second factor or of a passkey, by Better Auth's code
 * (docs/security.md "Members' second factor and passkeys"), with the HTTP status it answers: the
 * passkey plugin answers 500 for a WebAuthn response it cannot parse, which is the sender's fault.
 */
const CODE_OF_REFUSAL: Record<string, { iErrorCode: number; status?: number }> = {
  INVALID_CODE: { iErrorCode: ErrorCode.TWO_FACTOR_CODE_WRONG },
  INVALID_BACKUP_CODE: { iErrorCode: ErrorCode.TWO_FACTOR_CODE_WRONG },
  INVALID_TWO_FACTOR_COOKIE: { iErrorCode: ErrorCode.TWO_FACTOR_CHALLENGE_OVER },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { iErrorCode: ErrorCode.TWO_FACTOR_CHALLENGE_OVER },
  ACCOUNT_TEMPORARILY_LOCKED: { iErrorCode: ErrorCode.TWO_FACTOR_LOCKED },
  TOTP_ALREADY_ENABLED: { iErrorCode: ErrorCode.ALREADY_DONE },
  CHALLENGE_NOT_FOUND: { iErrorCode: ErrorCode.PASSKEY_REFUSED },
  PASSKEY_NOT_FOUND: { iErrorCode: ErrorCode.PASSKEY_REFUSED },
  AUTHENTICATION_FAILED: { iErrorCode: ErrorCode.PASSKEY_REFUSED },
  FAILED_TO_VERIFY_REGISTRATION: { iErrorCode: ErrorCode.PASSKEY_REFUSED, status: 400 },
  USER_VERIFICATION_REQUIRED: { iErrorCode: ErrorCode.PASSKEY_USER_VERIFICATION_REQUIRED, status: 400 },
  TOTP_CODE_USED: { iErrorCode: ErrorCode.TWO_FACTOR_CODE_USED },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: { iErrorCode: ErrorCode.PASSKEY_REFUSED },
};

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
export function shapeAuthAnswer(
  status: number,
  text: string,
  ban?: BanState | null,
): { status: number; json: boolean; body: string } {
  const parsed = parse(text);
  const fields =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  if (status >= 400) {
    const code = typeof fields.code === 'string' ? fields.code : `HTTP_${status}`;
    if (code === BANNED_USER) {
      // The member reads why and until when (MemberBannedAnswer); the ban may have been lifted meanwhile.
      const banned = { iErrorCode: ErrorCode.MEMBER_BANNED, sMessage: errorMessage(ErrorCode.MEMBER_BANNED) };
      const body = { ...fields, code, message: banned.sMessage, ...banned };
      return {
        status,
        json: true,
        body: JSON.stringify({ ...body, sBanReason: ban?.reason ?? '', iBanUntil: ban?.until ?? 0 }),
      };
    }
    const refusal = CODE_OF_REFUSAL[code];
    const iErrorCode = refusal?.iErrorCode ?? codeOfStatus(status);
    const message = refusal
      ? errorMessage(iErrorCode)
      : typeof fields.message === 'string' && fields.message
        ? fields.message
        : errorMessage(iErrorCode);
    return {
      status: refusal?.status ?? status,
      json: true,
      body: JSON.stringify({ ...fields, code, message, iErrorCode, sMessage: message }),
    };
  }
  if (status === 200 && (parsed === null || (parsed !== undefined && !Array.isArray(parsed)))) {
    return { status, json: true, body: JSON.stringify({ ...fields, iErrorCode: ErrorCode.OK }) };
  }
  return { status, json: false, body: text };
}

/**
 * Better Auth keeps a sign-in's steps in cookies, and the portal carries no cookies (docs/security.md
 * "Sessions"), so each travels as a header pair instead, like the bearer token: an answer that sets
 * the cookie carries its `name=value` (opaque to the client) in the response header, and the client
 * sends it back in the request header.
 * - The two-factor challenge of a sign-in: `set-two-factor-token` / `x-two-factor-token`, to
 *   /two-factor/verify-totp or verify-backup-code.
 * - A trusted device (the "trust this device for 30 days" choice): `set-trusted-device` /
 *   `x-trusted-device`, to /sign-in/email; `set-trusted-device: forget` when it no longer counts.
 * - A passkey ceremony's challenge: `set-passkey-challenge` / `x-passkey-challenge`, from
 *   /passkey/generate-*-options to /passkey/verify-*.
 */
interface CarriedCookie {
  cookie: RegExp;
  response: string;
  request: string;
}
export const TWO_FACTOR_RESPONSE_HEADER = 'set-two-factor-token';
export const TWO_FACTOR_REQUEST_HEADER = 'x-two-factor-token';
const CARRIED: readonly CarriedCookie[] = [
  {
    cookie: /^((?:__Secure-)?better-auth\.two_factor)=([^;\s]*)/,
    response: TWO_FACTOR_RESPONSE_HEADER,
    request: TWO_FACTOR_REQUEST_HEADER,
  },
  {
    cookie: /^((?:__Secure-)?better-auth\.trust_device)=([^;\s]*)/,
    response: 'set-trusted-device',
    request: 'x-trusted-device',
  },
  {
    cookie: /^((?:__Secure-)?better-auth\.better-auth-passkey)=([^;\s]*)/,
    response: 'set-passkey-challenge',
    request: 'x-passkey-challenge',
  },
];
const FORGET = 'forget';

/** The carried cookies an answer sets (value, or `forget` for an expired one), by response header. */
function carriedCookies(response: Response): Map<string, string> {
  const found = new Map<string, string>();
  for (const cookie of response.headers.getSetCookie()) {
    for (const carried of CARRIED) {
      const match = carried.cookie.exec(cookie);
      if (match)
        found.set(carried.response, !match[2] || /max-age=0/i.test(cookie) ? FORGET : `${match[1]}=${match[2]}`);
    }
  }
  return found;
}

/** The Cookie header Better Auth reads: the carried cookies the request sends back, and nothing else. */
function cookieOf(headers: FastifyRequest['headers']): string | null {
  const cookies: string[] = [];
  for (const carried of CARRIED) {
    const value = headers[carried.request];
    if (typeof value === 'string' && carried.cookie.exec(value)?.[2]) cookies.push(value);
  }
  return cookies.length ? cookies.join('; ') : null;
}

/** Mounts Better Auth at /api/auth/* by handing each request to its Fetch handler. */
export function registerAuthRoute(
  app: FastifyInstance,
  auth: Auth,
  opts: { publicUrl: string; secret: string; db: IdentityDb; consoleSessions(): ConsoleSessions | null; now(): number },
): void {
  const { publicUrl, db } = opts;
  const disabled = new Set(auth.options.disabledPaths ?? []);
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, publicUrl);
      const hasBody = req.method !== 'GET' && req.body !== undefined;
      const headers = fromNodeHeaders(req.headers);
      // Bearer tokens only: a cookie never signs a request in (docs/security.md).
      headers.delete('cookie');
      headers.delete(CODE_CHECK_HEADER);
      const cookie = cookieOf(req.headers);
      if (cookie) headers.set('cookie', cookie);
      if (hasBody) headers.set('content-type', 'application/json');
      const path = url.pathname.slice('/api/auth'.length);
      // A disabled route answers 404 to everyone, whatever the session.
      const ruled = disabled.has(path)
        ? null
        : await sessionRuleRefusal(opts, path, req.headers.authorization, opts.now());
      if (ruled) return reply.status(ruled.status).type('application/json; charset=utf-8').send(ruled.body);
      const refusal =
        req.method === 'POST' && path === '/two-factor/disable'
          ? await checkDisableRequest({ ...opts, body: req.body, headers, handler: (r) => auth.handler(r) })
          : null;
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
      });
      const response = refusal ?? (await auth.handler(request));
      // No cookies either: the web signs in with the bearer token (set-auth-token), and a session
      // cookie it never uses would only let another page of this site act as the member.
      // A sign-in waiting for its second factor answers the challenge, not the token of the
      // session the two-factor plugin has already deleted.
      const carried = carriedCookies(response);
      for (const [header, value] of carried) reply.header(header, value);
      const challenged = carried.has(TWO_FACTOR_RESPONSE_HEADER) && carried.get(TWO_FACTOR_RESPONSE_HEADER) !== FORGET;
      response.headers.forEach((value, key) => {
        if (key === 'set-cookie' || key === 'content-length' || key === 'content-type') return;
        if (!(challenged && key === 'set-auth-token')) reply.header(key, value);
      });
      const answered = response.body ? await response.text() : '';
      const text = path === '/passkey/generate-authenticate-options' ? askUserVerification(answered) : answered;
      const ban =
        response.status === 403 && text.includes(BANNED_USER)
          ? path === '/passkey/verify-authentication'
            ? await banOfPasskey(db, passkeyCredentialOf(req.body))
            : await banOfEmail(db, bodyEmail(req.body))
          : null;
      const shaped = shapeAuthAnswer(response.status, text, ban);
      const type = shaped.json ? 'application/json; charset=utf-8' : response.headers.get('content-type');
      if (type) reply.header('content-type', type);
      return reply.status(shaped.status).send(shaped.body);
    },
  });
}

/** The credential id a passkey sign-in names (its account's ban is shown). */
function passkeyCredentialOf(body: unknown): string {
  const id = (body as { response?: { id?: unknown } } | undefined)?.response?.id;
  return typeof id === 'string' ? id : '';
}

/** The passkey plugin asks authenticators to prefer user verification; the portal requires it (issue 35). */
function askUserVerification(text: string): string {
  const parsed = parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return text;
  return JSON.stringify({ ...parsed, userVerification: 'required' });
}

function bodyEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
}
