import { verifyPassword } from './password';
import { CODE_CHECK_HEADER } from './secondFactor';
import type { IdentityDb } from './tables';

/**
 * A fresh confirmation (the "sudo" window, issue 35): before adding a passkey, changing the email
 * or the password, or (in the console) changing roles and caps, the session's person gives the
 * password again, and a current code when two-factor is on. The confirmation holds for
 * CONFIRMATION_WINDOW_MS, for that session only.
 */
export const CONFIRMATION_WINDOW_MS = 5 * 60 * 1000;

export type ConfirmOutcome = 'confirmed' | 'wrongPassword' | 'codeRequired' | 'codeUsed';

/** Better Auth's fetch handler, for the code check (its own TOTP and backup-code routes). */
export interface CodeCheckDeps {
  handler(request: Request): Promise<Response>;
  publicUrl: string;
}

export async function passwordMatches(db: IdentityDb, userId: string, password: string): Promise<boolean> {
  const account = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return account?.password ? verifyPassword({ hash: account.password, password }) : false;
}

/**
 * Checks a TOTP code (6 digits) or a backup code through Better Auth's own verify routes with the
 * session's bearer value: a TOTP code is claimed once (totpOnce.ts), a backup code is spent.
 * Answers Better Auth's refusal, or null when the code passed.
 */
export async function checkCode(deps: CodeCheckDeps, authorization: string, code: string): Promise<Response | null> {
  const path = /^\d{6}$/.test(code) ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code';
  const checked = await deps.handler(
    new Request(`${deps.publicUrl}/api/auth${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json', [CODE_CHECK_HEADER]: '1' },
      body: JSON.stringify({ code }),
    }),
  );
  return checked.ok ? null : checked;
}

/** The code Better Auth's refusal names (TOTP_CODE_USED, INVALID_CODE…). */
export async function refusalCode(response: Response): Promise<string> {
  try {
    return String(((await response.json()) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}

/** Confirms the session: the password, then (two-factor on) the code; records the moment. */
export async function confirmSession(
  deps: CodeCheckDeps & { db: IdentityDb },
  session: { id: string; userId: string; authorization: string },
  input: { password: string; code: string; now: number },
): Promise<ConfirmOutcome> {
  if (!(await passwordMatches(deps.db, session.userId, input.password))) return 'wrongPassword';
  const account = await deps.db
    .selectFrom('user')
    .select('twoFactorEnabled')
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (account?.twoFactorEnabled) {
    if (!input.code) return 'codeRequired';
    const refused = await checkCode(deps, session.authorization, input.code);
    if (refused) return (await refusalCode(refused)) === 'TOTP_CODE_USED' ? 'codeUsed' : 'codeRequired';
  }
  await deps.db
    .insertInto('session_confirmation')
    .values({ session_id: session.id, user_id: session.userId, confirmed_at: input.now })
    .onConflict((oc) => oc.column('session_id').doUpdateSet({ confirmed_at: input.now }))
    .execute();
  return 'confirmed';
}

/** Whether the session was confirmed within the window. */
export async function freshlyConfirmed(db: IdentityDb, sessionId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('session_confirmation')
    .select('confirmed_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined && now - Number(row.confirmed_at) <= CONFIRMATION_WINDOW_MS;
}
