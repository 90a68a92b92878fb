import { type AuthError, type AuthUser, acceptSession, authRequest, dropSession, getAuthState, pickUser } from './auth';
import { local, STORAGE } from './storage';

/**
 * Better Auth's sign-in, sign-up and sign-out, one implementation for every caller (the login and
 * registration flows, the navbar, a refused getUserData). Apart from lib/auth, which the entry
 * loads: none of this is needed for the first paint.
 */

/** A Better Auth session this tab has not adopted yet (registration adopts it once registerUser succeeds). */
export interface NewSession {
  token: string;
  user: AuthUser;
}

/**
 * A password sign-in of an account with two-factor on: the password was right, and the code step
 * follows with this challenge (the `set-two-factor-token` header, sent back as `x-two-factor-token`).
 */
export interface SecondFactorNeeded extends AuthError {
  code: 'TWO_FACTOR_REQUIRED';
  challenge: string;
}

/** Signs in or up with Better Auth without adopting the session (null if it started none); throws an AuthError. */
export async function startSession(
  path: '/sign-in/email' | '/sign-up/email',
  body: Record<string, string>,
): Promise<NewSession | null> {
  const email = body.email ?? '';
  const trusted = path === '/sign-in/email' ? trustedDevice(email) : null;
  const { data, headers } = await authRequest<{ token: string | null; user: AuthUser; twoFactorRedirect?: boolean }>(
    path,
    body,
    { headers: trusted ? { 'x-trusted-device': trusted } : {} },
  );
  rememberTrustedDevice(email, headers.get('set-trusted-device'));
  const challenge = headers.get('set-two-factor-token');
  if (data.twoFactorRedirect && challenge) {
    throw {
      status: 200,
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app.',
      challenge,
    } satisfies SecondFactorNeeded;
  }
  const token = headers.get('set-auth-token') ?? data.token;
  return token ? { token, user: pickUser(data.user) } : null;
}

// ── Trusted devices: "trust this device for 30 days" after a code, kept per email in this browser ──

function trustedDevices(): Record<string, string> {
  try {
    const parsed = JSON.parse(local.get(STORAGE.trustedDevices) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function trustedDevice(email: string): string | null {
  return trustedDevices()[email.trim().toLowerCase()] ?? null;
}

/** Keeps (or, with `forget`, drops) the trusted-device value the server answered for `email`. */
export function rememberTrustedDevice(email: string, value: string | null): void {
  if (!value || !email) return;
  const devices = trustedDevices();
  const key = email.trim().toLowerCase();
  if (value === 'forget') delete devices[key];
  else devices[key] = value;
  local.set(STORAGE.trustedDevices, JSON.stringify(devices));
}

/** A password login whose session is not adopted yet; throws an AuthError. */
export async function openSession(email: string, password: string): Promise<NewSession> {
  const session = await startSession('/sign-in/email', { email, password });
  if (!session) throw { status: 500, code: 'NO_SESSION', message: 'The server did not start a session.' };
  return session;
}

/** A password login, adopted by this tab; throws an AuthError. */
export async function signIn(email: string, password: string): Promise<AuthUser> {
  const { token, user } = await openSession(email, password);
  acceptSession(token, user);
  return user;
}

/** Ends a session on the server, best effort: this tab's, or one it never adopted (a refused registration). */
export async function endSession(token: string): Promise<void> {
  await authRequest('/sign-out', {}, { token }).catch(() => undefined);
}

/** Ends this tab's session on the server (best effort) and locally. */
export async function signOut(): Promise<void> {
  const { token } = getAuthState();
  if (token) await endSession(token);
  dropSession();
}
