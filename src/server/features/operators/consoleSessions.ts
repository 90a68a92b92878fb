import { ErrorCode } from '../../../protocol/errors';
import type { AppContext, ConsoleSessions, SecondFactorPassed } from '../../capability';
import { accountSessionOfToken, deleteSessions } from '../identity/index';
import { MEMBER_ROLE, roleOf } from './operatorAccounts';
import type { OperatorsDb } from './tables';

/**
 * Console sessions (issue 27, decisions 0206, 0235): the Better Auth sessions (identity's) in which
 * an operator passed the second factor for the console. This capability keeps them; identity asks
 * through the hook below (capability.ts ConsoleSessions) whether a session is one, what Better
 * Auth routes it may take, and tells when a code passed.
 */

/** Sent by the console's code step and enrolment: the session the code makes is for the console. */
export const CONSOLE_SIGN_IN_HEADER = 'x-console-sign-in';

/**
 * The Better Auth routes a console session takes (issue 35, decision 0206): it reads itself, signs
 * out, and keeps its own account's password and backup codes. An idle one takes none.
 */
const CONSOLE_SESSION_PATHS = new Set([
  '/get-session',
  '/sign-out',
  '/change-password',
  '/two-factor/generate-backup-codes',
]);

/** Marks a Better Auth session as a console session: its operator passed the second factor in it. */
async function markConsoleSession(db: OperatorsDb, sessionId: string, userId: string, now: number) {
  await db
    .insertInto('console_session')
    .values({ session_id: sessionId, user_id: userId, passed_at: now, last_active_at: now })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ passed_at: now, last_active_at: now }))
    .execute();
}

/**
 * Only an operator's session can be a console session, and only one this code made for the console
 * (issue 35, decision 0206): the console's sign-in step or enrolment (it says so with
 * CONSOLE_SIGN_IN_HEADER). A code sent with a session that exists already (a trusted device's, a
 * passkey's) opens no console, and a code step of the member portal makes a member session.
 */
async function secondFactorPassed(db: OperatorsDb, passed: SecondFactorPassed): Promise<void> {
  const forConsole = passed.headers?.get(CONSOLE_SIGN_IN_HEADER) === '1';
  if (passed.codeMadeIt && forConsole && (await roleOf(db, passed.userId)) !== null)
    await markConsoleSession(db, passed.sessionId, passed.userId, passed.now);
}

async function lastActiveAt(db: OperatorsDb, sessionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('console_session')
    .select('last_active_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row ? Number(row.last_active_at) : null;
}

/** What identity asks of console sessions (Runtime.consoleSessions). */
export function consoleSessionsOf(ctx: Pick<AppContext<object>, 'config'> & { db: OperatorsDb }): ConsoleSessions {
  return {
    isConsoleSession: async (sessionId) => (await lastActiveAt(ctx.db, sessionId)) !== null,
    async routeRefusal(sessionId, path, now) {
      const active = await lastActiveAt(ctx.db, sessionId);
      if (active === null) return null;
      if (now - active > ctx.config.consoleIdleMs)
        return { code: 'CONSOLE_SESSION_EXPIRED', iErrorCode: ErrorCode.CONSOLE_SESSION_EXPIRED };
      if (!CONSOLE_SESSION_PATHS.has(path))
        return { code: 'CONSOLE_TOKEN_CONSOLE_ONLY', iErrorCode: ErrorCode.CONSOLE_TOKEN_CONSOLE_ONLY };
      return null;
    },
    secondFactorPassed: (passed) => secondFactorPassed(ctx.db, passed),
  };
}

/**
 * The account and console state behind a session token (null: no such live session): its console
 * role (`user`: none) and `lastActiveAt`, null when the second factor was not passed in this session.
 */
export async function consoleStateOfToken(db: OperatorsDb, token: string) {
  const session = await accountSessionOfToken(db, token);
  if (!session) return null;
  // The role and the console session in one query: the operator's row, and this session's if it is one.
  const row = await db
    .selectFrom('operator_account')
    .leftJoin('console_session', (join) =>
      join
        .onRef('console_session.user_id', '=', 'operator_account.user_id')
        .on('console_session.session_id', '=', session.sessionId),
    )
    .select(['operator_account.role', 'console_session.last_active_at'])
    .where('operator_account.user_id', '=', session.userId)
    .where('operator_account.ended_at', 'is', null)
    .executeTakeFirst();
  const lastActive = row?.last_active_at;
  return {
    ...session,
    role: row?.role ?? MEMBER_ROLE,
    lastActiveAt: lastActive === null || lastActive === undefined ? null : Number(lastActive),
  };
}

export async function touchConsoleSession(db: OperatorsDb, sessionId: string, now: number) {
  await db.updateTable('console_session').set({ last_active_at: now }).where('session_id', '=', sessionId).execute();
}

/** Ends a console session: its Better Auth session goes too (sign-out, idle timeout). */
export async function endConsoleSession(db: OperatorsDb, session: { sessionId: string; userId: string }) {
  await db.deleteFrom('console_session').where('session_id', '=', session.sessionId).execute();
  await deleteSessions(db, session.userId, [session.sessionId]);
}

/** Ends every console session of an account (its member sessions stay); how many ended. */
export async function endConsoleSessionsOf(db: OperatorsDb, userId: string): Promise<number> {
  const rows = await db.selectFrom('console_session').select('session_id').where('user_id', '=', userId).execute();
  const ended = await deleteSessions(
    db,
    userId,
    rows.map((row) => row.session_id),
  );
  await db.deleteFrom('console_session').where('user_id', '=', userId).execute();
  return ended;
}
