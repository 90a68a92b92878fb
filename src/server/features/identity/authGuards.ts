import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { Deps } from '../../deps';
import { addRouteHook } from '../../http/routeHook';
import { type LimitCheck, overLimit } from './limits';
import type { IdentityTables } from './tables';

const AUTH_ROUTE = '/api/auth/*';
const AUTH_PREFIX = '/api/auth';
/** Verification links live one hour (auth.ts); a used one is remembered that long. */
const LINK_LIFETIME_MS = 60 * 60 * 1000;

/** The limits each rate-limited Better Auth route counts, by path under /api/auth. */
function limitsOf(path: string, req: FastifyRequest): LimitCheck[] | null {
  const email = bodyEmail(req);
  switch (path) {
    case '/sign-in/email':
      return [
        ['signInPerEmail', email],
        ['signInPerIp', req.ip],
      ];
    case '/sign-up/email':
      return [['signUpPerIp', req.ip]];
    case '/request-password-reset':
    case '/forget-password':
      return [
        ['passwordResetPerEmail', email],
        ['passwordResetPerIp', req.ip],
      ];
    case '/send-verification-email':
      return [
        ['verificationEmailPerEmail', email],
        ['verificationEmailPerIp', req.ip],
      ];
    case '/two-factor/verify-totp':
    case '/two-factor/verify-backup-code':
      return [['twoFactorPerIp', req.ip]];
    case '/passkey/verify-authentication':
      return [['signInPerIp', req.ip]];
    case '/change-password':
    case '/change-email':
    case '/two-factor/enable':
    case '/two-factor/disable':
    case '/two-factor/generate-backup-codes':
    case '/passkey/verify-registration':
    case '/passkey/delete-passkey':
    case '/passkey/update-passkey':
      return [['accountChangePerIp', req.ip]];
    default:
      return null;
  }
}

function bodyEmail(req: FastifyRequest): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/**
 * What a link's token means, not how it is spelled: base64url has several spellings of the same
 * bytes (padding, the unused bits of the last character), so a used link must not work again
 * re-encoded. The key is the hash of the decoded parts.
 */
export function linkKey(token: string): string {
  const hash = createHash('sha256');
  for (const part of token.split('.')) hash.update(Buffer.from(part, 'base64url')).update('.');
  return hash.digest('hex');
}

/** Routes that set the account's name or picture, or a passkey's name. */
const PROFILE_PATHS = new Set([
  '/sign-up/email',
  '/update-user',
  '/passkey/verify-registration',
  '/passkey/update-passkey',
]);
const NAME_MAX = 64;
const IMAGE_MAX = 2048;

/**
 * Why a name or picture Better Auth would store is refused, or null. The web shows neither today,
 * but nothing unbounded or scriptable goes into an account: a name is 1–64 characters without
 * control characters, a picture is an https URL.
 */
export function profileProblem(body: unknown): string | null {
  const { name, image } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (name !== undefined) {
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > NAME_MAX) {
      return `The name must be 1 to ${NAME_MAX} characters.`;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
    if (/[\u0000-\u001f\u007f]/.test(name)) return 'The name may not contain control characters.';
  }
  if (image !== undefined && image !== null && image !== '') {
    if (typeof image !== 'string' || image.length > IMAGE_MAX || !/^https:\/\//i.test(image)) {
      return 'The picture must be an https address.';
    }
    try {
      new URL(image);
    } catch {
      return 'The picture must be an https address.';
    }
  }
  return null;
}

/**
 * Guards Better Auth's routes: names and pictures kept sane, per-IP and per-email rate limits (429 with the portal's error
 * body, plus Better Auth's code/message fields for its client), and single use of email
 * verification links, which Better Auth signs as stateless JWTs.
 */
export function registerAuthGuards(app: FastifyInstance, deps: Deps<IdentityTables>): void {
  const claimedLinks = new WeakMap<FastifyRequest, string>();

  // Hooks of Better Auth's route only (registered before it), not of every request.
  addRouteHook(app, AUTH_ROUTE, 'preHandler', guardHook);
  addRouteHook(app, AUTH_ROUTE, 'onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    await giveBackRefusedLink(req, reply);
    return payload;
  });

  function guardHook(req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
    guard(req, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  }

  async function guard(req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const url = new URL(req.url, 'http://portal');
    const path = url.pathname.slice(AUTH_PREFIX.length);
    if (req.method === 'POST') {
      const problem = PROFILE_PATHS.has(path) ? profileProblem(req.body) : null;
      if (problem)
        return refuse(reply, 400, { code: 'INVALID_PROFILE', iErrorCode: ErrorCode.BAD_INPUT, sMessage: problem });
      const checks = limitsOf(path, req);
      const verdict = checks && (await overLimit(deps, checks));
      if (verdict) {
        reply.header('retry-after', Math.ceil(verdict.retryAfterMs / 1000));
        return refuse(reply, 429, RATE_LIMITED);
      }
    } else if (req.method === 'GET' && path === '/verify-email') {
      const token = url.searchParams.get('token');
      if (!token) return;
      const hash = linkKey(token);
      if (!(await claimLink(deps, hash))) return refuse(reply, 401, LINK_ALREADY_USED);
      claimedLinks.set(req, hash);
    }
  }

  /**
   * A link Better Auth refused (expired, forged, redirected) was not used: the claim is given back
   * before the answer leaves, so a click right after the refusal finds the link free (given back
   * after the answer, a quick second click could still find it claimed: LINK_ALREADY_USED).
   */
  async function giveBackRefusedLink(req: FastifyRequest, reply: FastifyReply) {
    const hash = claimedLinks.get(req);
    if (!hash || reply.statusCode === 200) return;
    try {
      await deps.db.deleteFrom('used_email_link').where('token_hash', '=', hash).execute();
    } catch (error) {
      req.log.warn({ err: error }, 'a refused email link stays claimed'); // the member asks for a new one
    }
  }
}

/** Records a link as used; false when it already was. The primary key makes two clicks race safely. */
async function claimLink(deps: Deps<IdentityTables>, hash: string): Promise<boolean> {
  const now = deps.clock.now();
  await deps.db.deleteFrom('used_email_link').where('expires_at', '<=', now).execute();
  const claimed = await deps.db
    .insertInto('used_email_link')
    .values({ token_hash: hash, used_at: now, expires_at: now + LINK_LIFETIME_MS })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return claimed !== undefined;
}

interface Refusal {
  /** Better Auth's error fields, which the web's auth client reads. */
  code: string;
  iErrorCode: number;
  sMessage: string;
}

const RATE_LIMITED: Refusal = {
  code: 'RATE_LIMITED',
  iErrorCode: ErrorCode.RATE_LIMITED,
  sMessage: errorMessage(ErrorCode.RATE_LIMITED),
};
const LINK_ALREADY_USED: Refusal = {
  code: 'TOKEN_ALREADY_USED',
  iErrorCode: ErrorCode.ALREADY_DONE,
  sMessage: 'This link has already been used. Please ask for a new one.',
};

function refuse(reply: FastifyReply, status: number, refusal: Refusal) {
  return reply.code(status).send({ ...refusal, message: refusal.sMessage });
}
