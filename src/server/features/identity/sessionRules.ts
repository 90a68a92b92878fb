import { ErrorCode, errorMessage } from '../../../protocol/errors';
import { freshlyConfirmed } from './confirmation';
import { bearerToken } from './session';
import type { IdentityDb } from './tables';

/**
 * What a bearer session may do on Better Auth's routes (issue 35, decisions 0205, 0206): a console
 * session is no member session. It reads itself, signs out, and keeps its own account's password
 * and backup codes; an idle one (past CONSOLE_IDLE_MINUTES) does nothing. Adding a passkey or
 * changing the email or the password needs the session's fresh confirmation (confirmation.ts).
 * Turning two-factor off asks the password and a code in its own request.
 */
const CONSOLE_SESSION_PATHS = new Set([
  '/get-session',
  '/sign-out',
  '/change-password',
  '/two-factor/generate-backup-codes',
]);
const CONFIRMED_PATHS = new Set([
  '/passkey/generate-register-options',
  '/passkey/verify-registration',
  '/change-email',
  '/change-password',
]);

export interface SessionRefusal {
  status: number;
  body: { code: string; message: string; iErrorCode: number; sMessage: string };
}

function refusal(code: string, iErrorCode: number): SessionRefusal {
  const sMessage = errorMessage(iErrorCode);
  return { status: 403, body: { code, message: sMessage, iErrorCode, sMessage } };
}

/** The refusal of a Better Auth route for the request's session, or null to let Better Auth answer. */
export async function sessionRuleRefusal(
  deps: { db: IdentityDb; secret: string; consoleIdleMs: number },
  path: string,
  authorization: string | undefined,
  now: number,
): Promise<SessionRefusal | null> {
  const token = bearerToken(authorization, deps.secret);
  if (!token) return null;
  const row = await deps.db
    .selectFrom('session')
    .leftJoin('console_session', 'console_session.session_id', 'session.id')
    .select(['session.id', 'console_session.session_id as consoleSessionId', 'console_session.last_active_at'])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  if (row.consoleSessionId !== null) {
    if (now - Number(row.last_active_at) > deps.consoleIdleMs)
      return refusal('CONSOLE_SESSION_EXPIRED', ErrorCode.CONSOLE_SESSION_EXPIRED);
    if (!CONSOLE_SESSION_PATHS.has(path))
      return refusal('CONSOLE_TOKEN_CONSOLE_ONLY', ErrorCode.CONSOLE_TOKEN_CONSOLE_ONLY);
  }
  if (CONFIRMED_PATHS.has(path) && !(await freshlyConfirmed(deps.db, row.id, now)))
    return refusal('CONFIRMATION_REQUIRED', ErrorCode.CONFIRMATION_REQUIRED);
  return null;
}
