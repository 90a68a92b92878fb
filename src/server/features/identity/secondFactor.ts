import { z } from 'zod';
import { accountSessionOfToken } from './accounts';
import { checkCode, passwordMatches } from './confirmation';
import { bearerToken } from './session';
import type { IdentityDb } from './tables';

/**
 * A member's second factor (issue 30) beside the operators' (issue 27): Better Auth's twoFactor
 * plugin does the TOTP and backup-code work; this file adds what the portal asks on top of it.
 * Turning two-factor off needs the password AND a code (the plugin asks only the password), and
 * turning it off forgets the devices the member trusted.
 */
export const TRUST_DEVICE_DAYS = 30;

/** Set on the inner code check of a disable request (never accepted from outside: authRoute.ts strips it). */
export const CODE_CHECK_HEADER = 'x-portal-code-check';

const DISABLE_BODY = z.object({
  password: z.string().min(1).max(128),
  // A TOTP code (6 digits) or a backup code (10 letters and digits, as Better Auth prints them: xxxxx-xxxxx).
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/),
});

const json = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Before `POST /two-factor/disable` reaches Better Auth: the body must hold the password and a
 * code; the password is checked first (so a backup code is not spent on a wrong password), then
 * the code through Better Auth's own verify-totp or verify-backup-code with the same session.
 * Answers the refusal to send, or null to let Better Auth turn two-factor off.
 */
export async function checkDisableRequest(opts: {
  body: unknown;
  headers: Headers;
  db: IdentityDb;
  secret: string;
  publicUrl: string;
  handler(request: Request): Promise<Response>;
}): Promise<Response | null> {
  const parsed = DISABLE_BODY.safeParse(opts.body);
  if (!parsed.success) {
    return json(400, {
      code: 'INVALID_REQUEST_BODY',
      message: 'Send your password and a code from your authenticator app (or a backup code).',
    });
  }
  const token = bearerToken(opts.headers.get('authorization') ?? undefined, opts.secret);
  const state = token ? await accountSessionOfToken(opts.db, token) : null;
  // No live session: Better Auth answers that itself (401).
  if (!state) return null;
  if (!(await passwordMatches(opts.db, state.userId, parsed.data.password))) {
    return json(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' });
  }
  return checkCode(opts, opts.headers.get('authorization') ?? '', parsed.data.code);
}

interface AfterContext {
  path?: string;
  context: { returned?: unknown; session?: { user: { id: string } } | null };
}

/** After a successful disable: the member's trusted devices are forgotten (a later enrolment starts clean). */
export async function afterSecondFactorChange(ctx: AfterContext, db: IdentityDb): Promise<void> {
  if (ctx.path !== '/two-factor/disable') return;
  const userId = ctx.context.session?.user.id;
  const returned = ctx.context.returned as { status?: unknown } | undefined;
  if (!userId || returned?.status !== true) return;
  await db
    .deleteFrom('verification')
    .where('value', '=', userId)
    .where('identifier', 'like', 'trust-device-%')
    .execute();
}
