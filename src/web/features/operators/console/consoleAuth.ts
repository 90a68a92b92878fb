import { CONSOLE_BASE } from '../../../api/console';

/**
 * The console's side of Better Auth (docs/security.md, "Operators"): the welcome link's password,
 * the password step, the second factor and TOTP enrolment. Bearer tokens only, never cookies; the
 * two-factor challenge travels in `set-two-factor-token` / `x-two-factor-token`.
 */
const AUTH_BASE = '/api/auth';

/** A refusal, in words for a person (`message`) and Better Auth's code (`code`). */
export class ConsoleAuthError extends Error {
  override name = 'ConsoleAuthError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What a member's account meets at the console's door. */
export const NOT_AN_OPERATOR =
  'This account is not an operator. The console is for the studio’s operators; members sign in on the portal.';

const TRY_LATER = 'Too many attempts. Please wait a few minutes and try again.';

/** Better Auth's refusals on the console's path, in words for an operator. */
function messageOf(status: number, code: string, fallback: string): string {
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return 'That email and password do not match.';
    case 'INVALID_CODE':
      return 'That code is not right. Check your authenticator app and try the newest code.';
    case 'INVALID_BACKUP_CODE':
      return 'That backup code is not right, or it was used already (each works once).';
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return 'This sign-in attempt has ended. Please enter your email and password again.';
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return 'This link has expired or was already used. Ask an admin to run "operator add" again for a new link.';
    case 'PASSWORD_TOO_SHORT':
      return 'Use at least 8 characters.';
    case 'PASSWORD_TOO_LONG':
      return 'Use at most 128 characters.';
    case 'INVALID_PASSWORD':
      return 'That password is not right.';
    case 'BANNED_USER':
      return 'This account is suspended.';
    default:
      if (status === 429) return TRY_LATER;
      if (status === 0) return 'The console could not reach the server. Check the connection and try again.';
      if (status >= 500) return 'The server had a problem. Please try again in a moment.';
      return fallback || 'That did not work. Please try again.';
  }
}

async function authPost<T>(
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ConsoleAuthError(0, 'NETWORK', messageOf(0, 'NETWORK', ''));
  }
  const text = await response.text();
  let data: (T & { code?: string; message?: string; sMessage?: string }) | null = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const code = data?.code ?? `HTTP_${response.status}`;
    throw new ConsoleAuthError(
      response.status,
      code,
      messageOf(response.status, code, data?.sMessage ?? data?.message ?? ''),
    );
  }
  return { data: data as T, headers: response.headers };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The welcome link: sets the operator's first password. */
export async function setFirstPassword(token: string, newPassword: string): Promise<void> {
  await authPost('/reset-password', { token, newPassword });
}

/**
 * The password step: a two-factor challenge once TOTP is enrolled, else a session token with which
 * the operator enrols (or, for a member's account, which opens no console).
 */
export async function passwordStep(
  email: string,
  password: string,
): Promise<{ kind: 'challenge'; challenge: string } | { kind: 'session'; token: string }> {
  const { data, headers } = await authPost<{ twoFactorRedirect?: boolean; token?: string }>('/sign-in/email', {
    email,
    password,
  });
  const challenge = headers.get('set-two-factor-token');
  if (data?.twoFactorRedirect && challenge) return { kind: 'challenge', challenge };
  const token = headers.get('set-auth-token') ?? data?.token;
  if (!token) throw new ConsoleAuthError(500, 'NO_SESSION', 'The server did not start a session. Please try again.');
  return { kind: 'session', token };
}

/** Says the code step is the console's: only then is the session it makes a console session (issue 35). */
const CONSOLE_SIGN_IN = { 'x-console-sign-in': '1' };

/** The second factor of a sign-in: a TOTP code or a backup code; answers the console session's token. */
export async function secondFactor(challenge: string, code: string, backup: boolean): Promise<string> {
  const path = backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp';
  const { headers, data } = await authPost<{ token?: string }>(
    path,
    { code },
    { 'x-two-factor-token': challenge, ...CONSOLE_SIGN_IN },
  );
  const token = headers.get('set-auth-token') ?? data?.token;
  if (!token) throw new ConsoleAuthError(500, 'NO_SESSION', 'The server did not start a session. Please try again.');
  return token;
}

export interface Enrolment {
  /** The otpauth:// URI an authenticator app scans. */
  uri: string;
  /** Its base32 secret, for typing into the app by hand. */
  secret: string;
  backupCodes: string[];
}

/** Starts TOTP enrolment with the password session's token. */
export async function startEnrolment(token: string, password: string): Promise<Enrolment> {
  const { data } = await authPost<{ totpURI: string; backupCodes: string[] }>(
    '/two-factor/enable',
    { password },
    bearer(token),
  );
  const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
  return { uri: data.totpURI, secret, backupCodes: data.backupCodes };
}

/** Confirms enrolment with the app's first code; answers the console session's token. */
export async function confirmEnrolment(token: string, code: string): Promise<string> {
  const { headers, data } = await authPost<{ token?: string }>(
    '/two-factor/verify-totp',
    { code },
    { ...bearer(token), ...CONSOLE_SIGN_IN },
  );
  const next = headers.get('set-auth-token') ?? data?.token;
  if (!next) throw new ConsoleAuthError(500, 'NO_SESSION', 'The server did not start a session. Please try again.');
  return next;
}

/** Which console gate a token meets: 0 (a console session), or the refusal's code (80 a member, 81 not enrolled…). */
export async function consoleGateOf(token: string): Promise<number> {
  try {
    const response = await fetch(`${CONSOLE_BASE}/whoami`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(token) },
      body: '{}',
    });
    const answer = (await response.json()) as { iErrorCode: number };
    return answer.iErrorCode;
  } catch {
    return -1;
  }
}

/** Ends a session that opens no console (a member's password session), best effort. */
export async function dropSession(token: string): Promise<void> {
  await authPost('/sign-out', {}, bearer(token)).catch(() => undefined);
}
