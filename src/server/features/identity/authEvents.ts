import { APIError } from 'better-auth/api';
import { writeAudit } from '../../shared/audit';
import { accountByEmail, accountById, markConsoleSession } from './operatorAccounts';
import { CODE_CHECK_HEADER } from './secondFactor';
import type { IdentityDb } from './tables';

/** What Better Auth's after-hook sees of a request (the fields used here). */
interface AfterHookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  context: {
    getPlugin?(id: string): unknown;
    returned?: unknown;
    newSession?: {
      session: { id: string };
      user: { id: string; email: string; twoFactorEnabled?: unknown; role?: unknown };
    } | null;
    session?: { session: { id: string }; user: { id: string; email: string; role?: unknown } } | null;
  };
}

/** Better Auth's role of a member (operatorAccounts.ts). */
const MEMBER_ROLE = 'user';

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
  '/passkey/verify-registration': 'identity.passkey.added',
  '/passkey/delete-passkey': 'identity.passkey.removed',
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
    // With TOTP enrolled, the session made here is dropped by the two-factor plugin (its hook runs
    // after this one): the sign-in waits for the code, unless the device is a trusted one.
    const made = ctx.context.newSession;
    const memberId = made?.user.id ?? (await accountByEmail(deps.db, email))?.id ?? null;
    const pending = !failed && (!made || (Boolean(made.user.twoFactorEnabled) && (await codeRequired(ctx))));
    const action = failed ? 'identity.signIn.failed' : pending ? 'identity.signIn.passwordAccepted' : 'identity.signIn';
    await writeAudit(deps.db, { actor: `self:${email}`, action, detail: { secondFactor: pending }, at, memberId });
    return;
  }

  const factor = SECOND_FACTOR[path];
  if (factor) {
    const signingIn = Boolean(ctx.headers?.get('cookie')?.includes('two_factor'));
    const made = ctx.context.newSession ?? ctx.context.session;
    // The code check of a disable request (secondFactor.ts): its failure is audited, its success
    // is only a step of the disable, which is audited itself.
    if (!failed && made && ctx.headers?.get(CODE_CHECK_HEADER)) return;
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
    // Only an operator's session can be a console session; a member's stays a member's.
    if (made.user.role !== MEMBER_ROLE) await markConsoleSession(deps.db, made.session.id, made.user.id, at);
    await writeAudit(deps.db, {
      actor: `self:${made.user.email}`,
      action: signingIn ? 'identity.signIn' : 'identity.twoFactor.enabled',
      detail: { secondFactor: factor },
      at,
      memberId: made.user.id,
    });
    return;
  }

  if (path === '/passkey/verify-authentication') {
    const made = ctx.context.newSession;
    const action = failed || !made ? 'identity.signIn.failed' : 'identity.signIn';
    await writeAudit(deps.db, {
      actor: `self:${made?.user.email ?? 'unknown'}`,
      action,
      detail: { passkey: true },
      at,
      memberId: made?.user.id ?? null,
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

/** Whether the two-factor plugin asks this sign-in for a code (false on a trusted device); it remembers its answer per request. */
async function codeRequired(ctx: AfterHookContext): Promise<boolean> {
  const plugin = ctx.context.getPlugin?.('two-factor') as
    | { shouldRequireTwoFactor?(ctx: AfterHookContext): Promise<boolean> }
    | undefined;
  return plugin?.shouldRequireTwoFactor ? plugin.shouldRequireTwoFactor(ctx) : true;
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
