import { APIError } from 'better-auth/api';
import { accountOfChallenge } from './challenge';
import { bearerToken } from './session';
import type { IdentityDb } from './tables';

/**
 * Each TOTP code works once per account (RFC 6238 §5.2, issue 35): Better Auth accepts the code of
 * the step before and after the current one, so a code is claimed for 2 minutes before it is
 * checked, and given back when the check fails. The claim is a primary key, so two sign-ins racing
 * with one code cannot both pass.
 */
const CLAIM_MS = 2 * 60 * 1000;
export const TOTP_CODE_USED = 'TOTP_CODE_USED';

/** Claims a code for the account: false when it was accepted already. */
export async function claimTotpCode(db: IdentityDb, userId: string, code: string, now: number): Promise<boolean> {
  await db.deleteFrom('totp_code_used').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  const claimed = await db
    .insertInto('totp_code_used')
    .values({ user_id: userId, code, expires_at: now + CLAIM_MS })
    .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
    .returning('code')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function releaseTotpCode(db: IdentityDb, userId: string, code: string): Promise<void> {
  await db.deleteFrom('totp_code_used').where('user_id', '=', userId).where('code', '=', code).execute();
}

interface HookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  context: { returned?: unknown };
}

/** The account a verify-totp request is about: its bearer session's, else its sign-in challenge's. */
async function accountOfRequest(db: IdentityDb, secret: string, headers: Headers | undefined) {
  const token = bearerToken(headers?.get('authorization') ?? undefined, secret);
  if (token) {
    const row = await db.selectFrom('session').select('userId').where('token', '=', token).executeTakeFirst();
    if (row) return row.userId;
  }
  return (await accountOfChallenge(db, headers))?.id ?? null;
}

function codeOf(ctx: HookContext): string | null {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  return ctx.path === '/two-factor/verify-totp' && typeof code === 'string' && /^\d{6}$/.test(code) ? code : null;
}

/** Better Auth's before-hook: refuses a code the account already used (TOTP_CODE_USED), else claims it. */
export async function claimBeforeVerify(ctx: HookContext, deps: { db: IdentityDb; secret: string; now(): number }) {
  const code = codeOf(ctx);
  if (!code) return;
  const userId = await accountOfRequest(deps.db, deps.secret, ctx.headers);
  if (!userId) return;
  if (!(await claimTotpCode(deps.db, userId, code, deps.now()))) {
    throw new APIError('BAD_REQUEST', { code: TOTP_CODE_USED, message: 'This code was used already.' });
  }
}

/** Better Auth's after-hook: a code the check refused (wrong, locked…) is given back. */
export async function releaseAfterRefusal(ctx: HookContext, deps: { db: IdentityDb; secret: string }) {
  const code = codeOf(ctx);
  const returned = ctx.context.returned;
  if (!code || !(returned instanceof APIError) || (returned.body as { code?: string })?.code === TOTP_CODE_USED) return;
  const userId = await accountOfRequest(deps.db, deps.secret, ctx.headers);
  if (userId) await releaseTotpCode(deps.db, userId, code);
}
