import { APIError } from 'better-auth/api';
import { writeAudit } from '../../shared/audit';
import { accountByEmail, accountById, markConsoleSession } from './operatorAccounts';
import type { IdentityDb } from './tables';

/** What Better Auth's after-hook sees of a request (the fields used here). */
interface AfterHookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  context: {
    returned?: unknown;
    newSession?: { session: { id: string }; user: { id: string; email: string; twoFactorEnabled?: unknown } } | null;
    session?: { session: { id: string }; user: { id: string; email: string } } | null;
  };
}

const SECOND_FACTOR: Record<string, string> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-backup-code': 'backupCode',
};

/** Session-bound changes of the account itself, by path: the audit action each success writes. */
const ACCOUNT_CHANGES: Record<string, string> = {
  '/change-password': 'identity.password.changed',
  '/change-email': 'identity.email.changeRequested',
  '/two-factor/enable': 'identity.twoFactor.enrolStarted',
  '/two-factor/disable': 'identity.twoFactor.disabled',
  '/two-factor/generate-backup-codes': 'identity.twoFactor.backupCodesRenewed',
};

/**
 * Better Auth's after-hook (auth.ts): identity events go to the audit log (sign-in success and
 * failure, password, email and two-factor changes), and a passed second factor marks the session
 * it made as a console session (operatorAccounts.ts). Actor `self:<email>`: the account itself.
 */
export async function auditAuthEvent(ctx: AfterHookContext, deps: { db: IdentityDb; now(): number }): Promise<void> {
  const path = ctx.path ?? '';
  const failed = ctx.context.returned instanceof APIError;
  const at = deps.now();
  const body = (ctx.body ?? {}) as Record<string, unknown>;

  if (path === '/sign-in/email') {
    const email = String(body.email ?? '').toLowerCase();
    // With TOTP enrolled, the session made here is dropped by the two-factor plugin: the sign-in
    // waits for the code (no trusted devices: the portal carries no cookies).
    const made = ctx.context.newSession;
    const memberId = made?.user.id ?? (await accountByEmail(deps.db, email))?.id ?? null;
    const pending = !failed && (!made || Boolean(made.user.twoFactorEnabled));
    const action = failed ? 'identity.signIn.failed' : pending ? 'identity.signIn.passwordAccepted' : 'identity.signIn';
    await writeAudit(deps.db, { actor: `self:${email}`, action, detail: { secondFactor: pending }, at, memberId });
    return;
  }

  const factor = SECOND_FACTOR[path];
  if (factor) {
    const signingIn = Boolean(ctx.headers?.get('cookie')?.includes('two_factor'));
    const made = ctx.context.newSession ?? ctx.context.session;
    if (failed || !made) {
      const user = ctx.context.session?.user ?? (await challengedAccount(deps.db, ctx.headers));
      await writeAudit(deps.db, {
        actor: `self:${user?.email ?? 'unknown'}`,
        action: 'identity.twoFactor.failed',
        detail: { factor },
        at,
        memberId: user?.id ?? null,
      });
      return;
    }
    await markConsoleSession(deps.db, made.session.id, made.user.id, at);
    await writeAudit(deps.db, {
      actor: `self:${made.user.email}`,
      action: signingIn ? 'identity.signIn' : 'identity.twoFactor.enabled',
      detail: { secondFactor: factor },
      at,
      memberId: made.user.id,
    });
    return;
  }

  const change = ACCOUNT_CHANGES[path];
  const user = ctx.context.session?.user;
  if (change && !failed && user) {
    const detail = path === '/change-email' ? { to: String(body.newEmail ?? '').toLowerCase() } : {};
    await writeAudit(deps.db, { actor: `self:${user.email}`, action: change, detail, at, memberId: user.id });
  } else if (path === '/reset-password' && !failed) {
    await writeAudit(deps.db, { actor: 'self:reset-link', action: 'identity.password.reset', detail: {}, at });
  }
}

/**
 * The account a sign-in's two-factor challenge names (its signed cookie holds the id of a
 * verification row whose value is the account), so a wrong code is audited against it.
 */
async function challengedAccount(db: IdentityDb, headers: Headers | undefined) {
  const cookie = /two_factor=([^;\s]+)/.exec(headers?.get('cookie') ?? '')?.[1];
  if (!cookie) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return undefined;
  }
  const identifier = value.slice(0, value.lastIndexOf('.'));
  if (!identifier.startsWith('2fa-')) return undefined;
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row ? ((await accountById(db, row.value)) ?? undefined) : undefined;
}
