import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { ConsoleSessions } from '../../capability';
import { freshlyConfirmed } from './confirmation';
import { bearerToken } from './session';
import type { IdentityDb } from './tables';

/**
 * What a bearer session may do on Better Auth's routes (issue 35, decisions 0205, 0206): a console
 * session takes only the routes its keeper allows (operators/consoleSessions.ts). Adding a passkey
 * or changing the email or the password needs the session's fresh confirmation (confirmation.ts).
 * Turning two-factor off asks the password and a code in its own request.
 */
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
  deps: { db: IdentityDb; secret: string; consoleSessions(): ConsoleSessions | null },
  path: string,
  authorization: string | undefined,
  now: number,
): Promise<SessionRefusal | null> {
  const token = bearerToken(authorization, deps.secret);
  if (!token) return null;
  const row = await deps.db.selectFrom('session').select('id').where('token', '=', token).executeTakeFirst();
  if (!row) return null;
  const ruled = await deps.consoleSessions()?.routeRefusal(row.id, path, now);
  if (ruled) return refusal(ruled.code, ruled.iErrorCode);
  if (CONFIRMED_PATHS.has(path) && !(await freshlyConfirmed(deps.db, row.id, now)))
    return refusal('CONFIRMATION_REQUIRED', ErrorCode.CONFIRMATION_REQUIRED);
  return null;
}
