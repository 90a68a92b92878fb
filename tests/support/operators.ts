import type { AdminResult } from '../../src/server/capability';
import { runAdmin } from '../../src/server/cli/commands';
import type { TestApp } from './app';
import { freshTotp, totp } from './totp';

export { freshTotp, totp };

/**
 * Operators in tests (issue 27): the CLI bootstrap, the mailed link, TOTP enrolment and the
 * console's sign-in, through the same HTTP routes the web console uses. TOTP codes are computed
 * here from the otpauth URI, as an authenticator app does (RFC 6238: HMAC-SHA1, 30 s, 6 digits).
 */
export const OPERATOR_PASSWORD = 'operator pass phrase';

/** A running server process (the scale test's instances): its URL, and the operator tool run against its database. */
export interface RemotePortal {
  url: string;
  admin(...args: string[]): Promise<AdminResult>;
}

/** Where the helpers reach the portal: an app in this process (inject), or a running instance over HTTP. */
export type Portal = TestApp | RemotePortal;

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

async function request(
  t: Portal,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const payload = method === 'POST' ? JSON.stringify(body ?? {}) : undefined;
  const allHeaders = payload === undefined ? headers : { 'content-type': 'application/json', ...headers };
  if ('app' in t) {
    const response = await t.app.inject({ method, url, headers: allHeaders, payload });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }
  const response = await fetch(`${t.url}${url}`, {
    method,
    headers: allHeaders,
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: Object.fromEntries(response.headers),
  };
}

export function post(t: Portal, url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return request(t, 'POST', url, body, headers);
}

/** The console's code step says so (issue 35): only then is the session a console session. */
export const CONSOLE_SIGN_IN = { 'x-console-sign-in': '1' };

export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** `POST /api/console/<action>` with a bearer token; the JSON answer. */
export async function consoleCall(t: Portal, action: string, body: unknown = {}, token?: string) {
  return (await post(t, `/api/console/${action}`, body, bearer(token))).body;
}

/** The operator tool, as `npm run admin --` runs it, mailing through the app's mailer. */
export function admin(t: Portal, ...args: string[]) {
  if (!('app' in t)) return t.admin(...args);
  return runAdmin(args, {
    db: t.deps.db,
    now: () => t.deps.clock.now(),
    actor: 'cli:tester',
    mail: { mailer: t.deps.mailer, publicUrl: t.config.publicUrl },
  });
}

/** The token of the newest /console/welcome link mailed to `email`. */
export async function welcomeToken(t: Portal, email: string): Promise<string> {
  const response = await request(t, 'GET', '/api/dev/outbox');
  const mail = (response.body as unknown as { aMail: Array<{ to: string; links: string[] }> }).aMail.filter(
    (m) => m.to === email,
  );
  const link = mail.at(-1)?.links.find((l) => l.includes('/console/welcome'));
  if (!link) throw new Error(`no welcome link mailed to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

export function signInOperator(t: Portal, email: string, password = OPERATOR_PASSWORD) {
  return post(t, '/api/auth/sign-in/email', { email, password });
}

export interface EnrolledOperator {
  email: string;
  /** The console session's bearer token. */
  token: string;
  /** The TOTP secret (base32), from the otpauth URI. */
  secret: string;
  backupCodes: string[];
}

/** Signs in with the password (no second factor yet) and starts enrolment: the otpauth URI and backup codes. */
export async function startEnrolment(t: Portal, email: string) {
  const signedIn = await signInOperator(t, email);
  const token = signedIn.headers['set-auth-token'] as string;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  const enabled = await post(t, '/api/auth/two-factor/enable', { password: OPERATOR_PASSWORD }, bearer(token));
  const uri = new URL(String(enabled.body.totpURI));
  return {
    token,
    uri,
    secret: uri.searchParams.get('secret') ?? '',
    backupCodes: enabled.body.backupCodes as string[],
  };
}

/** The whole bootstrap: `operator add`, the mailed link, enrolment; answers the console session. */
export async function enrolledOperator(t: Portal, email: string, role: string): Promise<EnrolledOperator> {
  const added = await admin(t, 'operator', 'add', email, '--role', role);
  if (added.exitCode !== 0) throw new Error(added.output);
  const set = await post(t, '/api/auth/reset-password', {
    token: await welcomeToken(t, email),
    newPassword: OPERATOR_PASSWORD,
  });
  if (set.status !== 200) throw new Error(`set password: ${JSON.stringify(set.body)}`);
  const enrolment = await startEnrolment(t, email);
  const verified = await post(
    t,
    '/api/auth/two-factor/verify-totp',
    { code: freshTotp(enrolment.secret) },
    { ...bearer(enrolment.token), ...CONSOLE_SIGN_IN },
  );
  const token = verified.headers['set-auth-token'] as string;
  if (verified.status !== 200 || !token) throw new Error(`enrolment: ${JSON.stringify(verified.body)}`);
  return { email, token, secret: enrolment.secret, backupCodes: enrolment.backupCodes };
}

/** Signs an enrolled operator in: password, then a TOTP code (or a backup code); answers the sign-in steps. */
export async function consoleSignIn(t: Portal, email: string, second: { code?: string; backupCode?: string }) {
  const first = await signInOperator(t, email);
  const challenge = first.headers['set-two-factor-token'] as string | undefined;
  const path = second.backupCode ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
  const verified = await post(
    t,
    path,
    { code: second.backupCode ?? second.code },
    challenge ? { 'x-two-factor-token': challenge, ...CONSOLE_SIGN_IN } : CONSOLE_SIGN_IN,
  );
  return { first, challenge, verified, token: verified.headers['set-auth-token'] as string | undefined };
}
