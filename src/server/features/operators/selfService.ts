import { deviceOf } from '../../../protocol/device';
import type { Deps } from '../../deps';
import type { Mailer } from '../../mail/index';
import { writeAudit } from '../../shared/audit';
import {
  backupCodesLeft,
  changeOwnPassword,
  createPasswordSetToken,
  endSessionsOf,
  liveSessionsOf,
  type OwnChangeRefusal,
  type OwnSession,
  publicSessionId,
  renewOwnBackupCodes,
  type SignInStanding,
  signInStandings,
} from '../identity/index';
import { endConsoleSession } from './consoleSessions';
import { sendOperatorWelcome } from './mail';
import { type AccountWithRole, accountWithRoleByEmail } from './operatorAccounts';
import { isConsoleRole, WELCOME_LINK_MS } from './operators';
import type { OperatorsDb } from './tables';

/**
 * An operator's own account in the console (issue 38, decision 0246): their password, backup
 * codes and console sessions, each acting on the caller alone; and the admins' "resend welcome"
 * for an operator who never used their set-password link. Password and backup codes go through
 * Better Auth's own routes (identity's changeOwnPassword, renewOwnBackupCodes), which audit them as
 * `identity.password.changed` and `identity.twoFactor.backupCodesRenewed`.
 */
export interface SelfServiceCaller {
  /** The operator's account id. */
  id: string;
  /** Their console session (Better Auth's session id). */
  sessionId: string;
  /** `console:<email>`. */
  actor: string;
}

type SelfDeps = Deps<object> & { db: OperatorsDb };

/** One console session of the operator's, as their Account screen lists it. */
export interface OwnConsoleSession {
  /** A hash of the session's id (identity's publicSessionId): the wire never carries the id. */
  publicId: string;
  device: string;
  ip: string;
  createdAt: number;
  lastActiveAt: number;
  thisSession: boolean;
}

/** At most this many console sessions are listed (an operator has a few: one per browser). */
const SESSIONS_LISTED = 50;

/** The operator's live console sessions, this one first, then the most recently active. */
export async function ownConsoleSessions(deps: SelfDeps, caller: SelfServiceCaller): Promise<OwnConsoleSession[]> {
  const rows = await deps.db
    .selectFrom('console_session')
    .select(['session_id', 'last_active_at'])
    .where('user_id', '=', caller.id)
    .orderBy('last_active_at', 'desc')
    .limit(SESSIONS_LISTED)
    .execute();
  const now = deps.clock.now();
  const live = await liveSessionsOf(
    deps.db,
    caller.id,
    rows.map((row) => row.session_id),
    now,
  );
  const byId = new Map(live.map((session) => [session.sessionId, session]));
  const sessions: OwnConsoleSession[] = [];
  for (const row of rows) {
    const session = byId.get(row.session_id);
    if (!session) continue;
    const lastActiveAt = Number(row.last_active_at);
    // An idle one no longer opens the console (the gate ends it at its next call): not listed.
    if (row.session_id !== caller.sessionId && now - lastActiveAt > deps.config.consoleIdleMs) continue;
    sessions.push({
      publicId: publicSessionId(row.session_id),
      device: deviceOf(session.userAgent),
      ip: session.ipAddress ?? '',
      createdAt: session.createdAt,
      lastActiveAt,
      thisSession: row.session_id === caller.sessionId,
    });
  }
  return sessions.sort((a, b) => Number(b.thisSession) - Number(a.thisSession));
}

/** The Account screen: backup codes left (null: none enrolled) and the console sessions. */
export async function ownAccount(deps: SelfDeps, caller: SelfServiceCaller) {
  return {
    backupCodesLeft: await backupCodesLeft(deps.db, caller.id),
    sessions: await ownConsoleSessions(deps, caller),
  };
}

/**
 * Changes the caller's password with Better Auth's change-password (the current one checked);
 * then every other session of theirs ends, console and member alike, and this one continues.
 * Audited by Better Auth's hook (`identity.password.changed`) and here with the sessions ended.
 */
export async function changeOperatorPassword(
  deps: SelfDeps,
  caller: SelfServiceCaller,
  session: OwnSession,
  input: { currentPassword: string; newPassword: string },
): Promise<{ sessionsEnded: number } | { refused: OwnChangeRefusal }> {
  const changed = await changeOwnPassword(deps, session, input);
  if (changed !== 'changed') return { refused: changed };
  await deps.db
    .deleteFrom('console_session')
    .where('user_id', '=', caller.id)
    .where('session_id', '!=', caller.sessionId)
    .execute();
  const sessionsEnded = await endSessionsOf(deps, caller.id, { keep: caller.sessionId });
  await writeAudit(deps.db, {
    actor: caller.actor,
    action: 'operator.self.password',
    detail: { sessionsEnded },
    at: deps.clock.now(),
    memberId: caller.id,
  });
  return { sessionsEnded };
}

/** New backup codes for the caller (their password checked by Better Auth); the old ones stop working. */
export async function renewOperatorBackupCodes(
  deps: SelfDeps,
  session: OwnSession,
  password: string,
): Promise<{ codes: string[] } | { refused: OwnChangeRefusal }> {
  const renewed = await renewOwnBackupCodes(deps, session, password);
  return typeof renewed === 'string' ? { refused: renewed } : renewed;
}

/**
 * Ends one of the caller's other console sessions (named by its public id). Their own session is
 * ended by signing out; another operator's session is never found. Audited.
 */
export async function endOwnConsoleSession(
  deps: SelfDeps,
  caller: SelfServiceCaller,
  publicId: string,
): Promise<'ended' | 'thisSession' | 'notFound'> {
  const rows = await deps.db
    .selectFrom('console_session')
    .select('session_id')
    .where('user_id', '=', caller.id)
    .limit(SESSIONS_LISTED * 4)
    .execute();
  const target = rows.find((row) => publicSessionId(row.session_id) === publicId);
  if (!target) return 'notFound';
  if (target.session_id === caller.sessionId) return 'thisSession';
  await endConsoleSession(deps.db, { sessionId: target.session_id, userId: caller.id });
  await writeAudit(deps.db, {
    actor: caller.actor,
    action: 'operator.self.sessionEnded',
    detail: { session: publicId },
    at: deps.clock.now(),
    memberId: caller.id,
  });
  return 'ended';
}

// ── Resend welcome ───────────────────────────────────────────────────────────────────────────

export type ResendRefusal =
  | { refused: 'noSuchOperator' }
  | { refused: 'signedIn'; account: AccountWithRole; standing: SignInStanding };

/** Whether an operator has used their welcome: a password set, two-factor enrolled or a sign-in. */
export const welcomeUsed = (account: AccountWithRole, standing: SignInStanding | undefined) =>
  account.twoFactorEnabled || Boolean(standing?.passwordSet) || standing?.lastSignInAt != null;

/** Why a welcome is not mailed again to an operator who has signed in, in words. */
export function signedInSentence(account: AccountWithRole, standing: SignInStanding): string {
  const when = standing.lastSignInAt ? ` (last sign-in ${new Date(standing.lastSignInAt).toISOString()})` : '';
  return `${account.email} has already set a password and signed in${when}: nothing was mailed. They sign in with their password; a forgotten one is reset from the sign-in page.`;
}

/**
 * Mails an operator who has not set a password yet a fresh set-password link (the earlier one
 * stops working); audited as `operator.resendWelcome`. Refused for an operator who has signed in.
 */
export async function resendWelcome(
  db: OperatorsDb,
  input: { email: string; actor: string; now: number; reason?: string; mail: { mailer: Mailer; publicUrl: string } },
): Promise<{ account: AccountWithRole } | ResendRefusal> {
  const email = input.email.trim().toLowerCase();
  const account = await accountWithRoleByEmail(db, email);
  if (!account || !isConsoleRole(account.role)) return { refused: 'noSuchOperator' };
  const standing = (await signInStandings(db, [account.id])).get(account.id) ?? {
    lastSignInAt: null,
    passwordSet: false,
  };
  if (welcomeUsed(account, standing)) return { refused: 'signedIn', account, standing };
  const token = await db.transaction().execute(async (trx) => {
    const made = await createPasswordSetToken(trx, account.id, input.now, WELCOME_LINK_MS);
    await writeAudit(trx, {
      actor: input.actor,
      action: 'operator.resendWelcome',
      detail: { email, role: account.role, reason: input.reason ?? null },
      at: input.now,
      memberId: account.id,
    });
    return made;
  });
  await sendOperatorWelcome(input.mail, email, account.role, token);
  return { account };
}
