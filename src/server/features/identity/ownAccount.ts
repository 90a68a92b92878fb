import type { Deps } from '../../deps';
import { readInPages } from '../../shared/batches';
import type { Auth } from './auth';
import { refusalCode } from './confirmation';
import { overLimit } from './limits';
import { ms } from './memberSessions';
import type { IdentityDb } from './tables';

/**
 * An account's own password, backup codes, sessions and sign-ins, for another capability's
 * self-service (issue 38: the operators' console "Account" screen, operators/selfService.ts).
 * Password and backup codes go through Better Auth's own routes (its hash, its codes, its
 * after-hook's audit entry and mail), so no other code hashes a password or makes a code.
 *
 * Better Auth is made in identity's start; the functions below find it by the app's database
 * handle (one app, one handle), so a caller needs no reference to it.
 */
const authByDb = new WeakMap<object, Auth>();

export function rememberAuth(db: object, auth: Auth): void {
  authByDb.set(db, auth);
}

function authOf(db: object): Auth {
  const auth = authByDb.get(db);
  if (!auth) throw new Error('identity has not started in this app: Better Auth is not available');
  return auth;
}

/** The request of the account's own session: its `Authorization` header and IP. */
export interface OwnSession {
  authorization: string;
  ip: string;
}

export type OwnChangeRefusal = 'wrongPassword' | 'rateLimited' | 'notEnrolled' | 'refused';

async function authCall(
  deps: Pick<Deps, 'db' | 'config'>,
  session: OwnSession,
  path: string,
  body: unknown,
): Promise<Response> {
  return authOf(deps.db).handler(
    new Request(`${deps.config.publicUrl}/api/auth${path}`, {
      method: 'POST',
      headers: { authorization: session.authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

async function refusalOf(response: Response): Promise<OwnChangeRefusal> {
  const code = await refusalCode(response);
  if (code === 'INVALID_PASSWORD') return 'wrongPassword';
  if (code === 'TWO_FACTOR_NOT_ENABLED' || code === 'BACKUP_CODES_NOT_ENABLED') return 'notEnrolled';
  return 'refused';
}

/**
 * Changes the session's own password with Better Auth's `/change-password` (the current one
 * checked, every session kept: the caller decides which end). Counted as an account change per IP.
 */
export async function changeOwnPassword(
  deps: Deps,
  session: OwnSession,
  input: { currentPassword: string; newPassword: string },
): Promise<'changed' | OwnChangeRefusal> {
  if (await overLimit(deps, [['accountChangePerIp', session.ip]])) return 'rateLimited';
  const response = await authCall(deps, session, '/change-password', { ...input, revokeOtherSessions: false });
  return response.ok ? 'changed' : refusalOf(response);
}

/** New backup codes for the session's account (the password checked), with two-factor's `/generate-backup-codes`. */
export async function renewOwnBackupCodes(
  deps: Deps,
  session: OwnSession,
  password: string,
): Promise<{ codes: string[] } | OwnChangeRefusal> {
  if (await overLimit(deps, [['accountChangePerIp', session.ip]])) return 'rateLimited';
  const response = await authCall(deps, session, '/two-factor/generate-backup-codes', { password });
  if (!response.ok) return refusalOf(response);
  const answer = (await response.json()) as { backupCodes?: unknown };
  return { codes: Array.isArray(answer.backupCodes) ? answer.backupCodes.map(String) : [] };
}

/** How many backup codes the account has left (each works once), or null without two-factor. */
export async function backupCodesLeft(db: IdentityDb, userId: string): Promise<number | null> {
  const enrolled = await db.selectFrom('twoFactor').select('id').where('userId', '=', userId).executeTakeFirst();
  if (!enrolled) return null;
  try {
    const answer = await authOf(db).api.viewBackupCodes({ body: { userId } });
    return answer.backupCodes.length;
  } catch {
    return null;
  }
}

export interface OwnSessionRow {
  sessionId: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: number;
  expiresAt: number;
}

/** These sessions of the account that are still live (at most 200 ids asked at once). */
export async function liveSessionsOf(
  db: IdentityDb,
  userId: string,
  sessionIds: readonly string[],
  now: number,
): Promise<OwnSessionRow[]> {
  const rows = await readInPages(sessionIds, (ids) =>
    db
      .selectFrom('session')
      .select(['id', 'ipAddress', 'userAgent', 'createdAt', 'expiresAt'])
      .where('userId', '=', userId)
      .where('id', 'in', ids)
      .execute(),
  );
  return rows
    .map((r) => ({
      sessionId: r.id,
      ipAddress: r.ipAddress,
      userAgent: r.userAgent,
      createdAt: ms(r.createdAt),
      expiresAt: ms(r.expiresAt),
    }))
    .filter((r) => r.expiresAt > now);
}

export interface SignInStanding {
  /** The last successful sign-in (epoch ms), or null: never. */
  lastSignInAt: number | null;
  /** The account has a password (an operator who has not used the welcome link has none). */
  passwordSet: boolean;
}

/** Each account's last successful sign-in and whether it has a password (the operators list). */
export async function signInStandings(
  db: IdentityDb,
  userIds: readonly string[],
): Promise<Map<string, SignInStanding>> {
  const standings = new Map<string, SignInStanding>(
    userIds.map((id) => [id, { lastSignInAt: null, passwordSet: false }]),
  );
  const last = await readInPages(userIds, (ids) =>
    db
      .selectFrom('sign_in_event')
      .select(['user_id', (eb) => eb.fn.max('at').as('at')])
      .where('user_id', 'in', ids)
      .where('ok', '=', 1)
      .groupBy('user_id')
      .execute(),
  );
  for (const row of last) {
    const standing = standings.get(row.user_id);
    if (standing && row.at !== null) standing.lastSignInAt = Number(row.at);
  }
  const passwords = await readInPages(userIds, (ids) =>
    db
      .selectFrom('account')
      .select('userId')
      .where('userId', 'in', ids)
      .where('providerId', '=', 'credential')
      .where('password', 'is not', null)
      .execute(),
  );
  for (const row of passwords) {
    const standing = standings.get(row.userId);
    if (standing) standing.passwordSet = true;
  }
  return standings;
}
