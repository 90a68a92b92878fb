import { APIError } from 'better-auth/api';
import type { ConsoleSessions } from '../../capability';
import { writeAudit } from '../../shared/audit';
import { accountByEmail, accountById } from './accounts';
import { accountOfChallenge } from './challenge';
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
      user: { id: string; email: string; twoFactorEnabled?: unknown };
    } | null;
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
  '/passkey/verify-registration': 'identity.passkey.added',
  '/passkey/delete-passkey': 'identity.passkey.removed',
};

/**
 * Better Auth's after-hook (auth.ts): identity events go to the audit log (sign-in success and
 * failure, password, email and two-factor changes), and a passed second factor goes to the keeper
 * of console sessions (operators/consoleSessions.ts), which may make its session a console session.
 * Actor `self:<email>`: the account itself.
 */
export async function auditAuthEvent(
  ctx: AfterHookContext,
  deps: { db: IdentityDb; now(): number; consoleSessions?(): ConsoleSessions | null },
): Promise<void> {
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
      const user = ctx.context.session?.user ?? (await accountOfChallenge(deps.db, ctx.headers));
      await writeAudit(deps.db, {
        actor: `self:${user?.email ?? 'unknown'}`,
        action: 'identity.twoFactor.failed',
        detail: { factor },
        at,
        memberId: user?.id ?? null,
      });
      return;
    }
    await deps.consoleSessions?.()?.secondFactorPassed({
      sessionId: made.session.id,
      userId: made.user.id,
      codeMadeIt: signingIn || Boolean(ctx.context.newSession),
      headers: ctx.headers,
      now: at,
    });
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
  } else if (path === '/reset-password') {
    const token = String(body.token ?? '');
    const account = resetTargets.get(token);
    resetTargets.delete(token);
    if (failed) return;
    await writeAudit(deps.db, {
      actor: account ? `self:${account.email}` : 'self:reset-link',
      action: 'identity.password.reset',
      detail: account ? { userId: account.id } : {},
      at,
      memberId: account?.id ?? null,
    });
  }
}

/** The account each reset link in flight names, by token: Better Auth deletes the link before the after-hook runs. */
const resetTargets = new Map<string, { id: string; email: string }>();
const MAX_RESETS_IN_FLIGHT = 1000;

/** Better Auth's before-hook of `/reset-password`: notes whose link it is, for its audit entry. */
export async function noteResetTarget(ctx: { path?: string; body?: unknown }, db: IdentityDb): Promise<void> {
  const token = (ctx.body as { token?: unknown } | undefined)?.token;
  if (ctx.path !== '/reset-password' || typeof token !== 'string' || !token || token.length > 200) return;
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', `reset-password:${token}`)
    .executeTakeFirst();
  const account = row ? await accountById(db, row.value) : null;
  if (!account) return;
  if (resetTargets.size >= MAX_RESETS_IN_FLIGHT) resetTargets.delete(resetTargets.keys().next().value as string);
  resetTargets.set(token, { id: account.id, email: account.email });
}

/** Whether the two-factor plugin asks this sign-in for a code (false on a trusted device); it remembers its answer per request. */
async function codeRequired(ctx: AfterHookContext): Promise<boolean> {
  const plugin = ctx.context.getPlugin?.('two-factor') as
    | { shouldRequireTwoFactor?(ctx: AfterHookContext): Promise<boolean> }
    | undefined;
  return plugin?.shouldRequireTwoFactor ? plugin.shouldRequireTwoFactor(ctx) : true;
}
