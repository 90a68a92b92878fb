import { queryOptions } from '@tanstack/react-query';
import { type AuthError, type AuthUser, acceptSession, authRequest, getAuthState, pickUser } from '../../../lib/auth';
import { rememberTrustedDevice } from '../../../lib/authSession';
import { passkeyCeremonyError } from './passkeyErrors';

/**
 * A member's second factor and passkeys (issue 30), through Better Auth's routes. Each step that
 * Better Auth keeps in a cookie travels in a header pair instead (server/features/identity/authRoute.ts):
 * the sign-in's two-factor challenge, the trusted device, a passkey ceremony's challenge. Enrolling
 * and turning two-factor off replace the session: the tab adopts the new token at once.
 */

export const securityKeys = {
  all: ['accountSecurity'] as const,
  session: (userId: string) => [...securityKeys.all, 'session', userId] as const,
  passkeys: (userId: string) => [...securityKeys.all, 'passkeys', userId] as const,
};

interface SessionAnswer {
  user: AuthUser & { twoFactorEnabled?: boolean | null };
}

/** Whether two-factor is on for the signed-in member (Better Auth's session answer). */
export const twoFactorQuery = (userId: string) =>
  queryOptions({
    queryKey: securityKeys.session(userId),
    queryFn: async () => {
      const { data } = await authRequest<SessionAnswer | null>('/get-session');
      return { twoFactorEnabled: Boolean(data?.user.twoFactorEnabled) };
    },
    staleTime: 0,
  });

/** Makes the session an answer names this tab's session (Better Auth replaced the one that asked). */
function adopt(headers: Headers, data: { token?: string | null; user?: AuthUser } | null): void {
  const token = headers.get('set-auth-token') ?? data?.token;
  const state = getAuthState();
  const user = data?.user ? pickUser(data.user) : state.user;
  if (token && user) acceptSession(token, user);
}

// ── The sign-in's code step ─────────────────────────────────────────────────────────────────

/** The code step after a right password: a TOTP code or a backup code; the session becomes this tab's. */
export async function verifySignInCode(step: {
  email: string;
  challenge: string;
  code: string;
  backup: boolean;
  trustDevice: boolean;
}): Promise<void> {
  const path = step.backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp';
  const { data, headers } = await authRequest<{ token: string; user: AuthUser }>(
    path,
    { code: step.code.trim(), trustDevice: step.trustDevice },
    { token: null, headers: { 'x-two-factor-token': step.challenge } },
  );
  rememberTrustedDevice(step.email, headers.get('set-trusted-device'));
  adopt(headers, data);
}

// ── Two-factor on /account ──────────────────────────────────────────────────────────────────

export interface Enrolment {
  /** The otpauth:// URI the QR code shows. */
  uri: string;
  /** Its secret, for typing into an app by hand. */
  secret: string;
  backupCodes: string[];
}

/** Starts enrolment (the password confirms it is the member); answers the secret and the backup codes. */
export async function startEnrolment(password: string): Promise<Enrolment> {
  const { data } = await authRequest<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });
  const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
  return { uri: data.totpURI, secret, backupCodes: data.backupCodes };
}

/** Confirms enrolment with a first code: two-factor is on, in a new session. */
export async function confirmEnrolment(code: string): Promise<void> {
  const { data, headers } = await authRequest<{ token: string; user: AuthUser }>('/two-factor/verify-totp', {
    code: code.trim(),
  });
  adopt(headers, data);
}

/** Turns two-factor off: the password and a code (TOTP or backup). */
export async function disableTwoFactor(password: string, code: string): Promise<void> {
  const { headers } = await authRequest('/two-factor/disable', { password, code: code.trim() });
  adopt(headers, null);
}

/** Ten new backup codes; the old ones stop working. */
export async function renewBackupCodes(password: string): Promise<string[]> {
  const { data } = await authRequest<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', { password });
  return data.backupCodes;
}

// ── Passkeys ────────────────────────────────────────────────────────────────────────────────

export interface Passkey {
  id: string;
  name: string | null;
  createdAt: string | null;
}

export const passkeysQuery = (userId: string) =>
  queryOptions({
    queryKey: securityKeys.passkeys(userId),
    queryFn: async () => {
      const { data } = await authRequest<Passkey[]>('/passkey/list-user-passkeys');
      return data.map(({ id, name, createdAt }) => ({ id, name, createdAt }));
    },
  });

/** A passkey ceremony refused by the browser or the person, in an AuthError's shape (passkeyErrors.ts). */
function ceremonyError(error: unknown): AuthError {
  if (typeof (error as AuthError).status === 'number') return error as AuthError;
  return passkeyCeremonyError(error);
}

/** The WebAuthn helper, loaded on first use only (it stays out of the entry and the login chunk). */
const webAuthn = () => import('@simplewebauthn/browser');

/** Creates a passkey on this device for the signed-in member, named `name`. Throws an AuthError. */
export async function addPasskey(name: string): Promise<void> {
  const { startRegistration } = await webAuthn();
  const { data: optionsJSON, headers } = await authRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/passkey/generate-register-options',
  );
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
  await authRequest(
    '/passkey/verify-registration',
    { response, name: name.trim() },
    { headers: { 'x-passkey-challenge': headers.get('set-passkey-challenge') ?? '' } },
  );
}

export const removePasskey = (id: string) => authRequest('/passkey/delete-passkey', { id });

/** Signs in with a passkey this device holds, without an email; the session becomes this tab's. Throws an AuthError. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await webAuthn();
  const { data: optionsJSON, headers } = await authRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/passkey/generate-authenticate-options',
    undefined,
    { token: null },
  );
  let response: unknown;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    throw ceremonyError(error);
  }
  const verified = await authRequest<{ session: { token: string }; user: AuthUser }>(
    '/passkey/verify-authentication',
    { response },
    { token: null, headers: { 'x-passkey-challenge': headers.get('set-passkey-challenge') ?? '' } },
  );
  const token = verified.headers.get('set-auth-token') ?? verified.data.session.token;
  acceptSession(token, pickUser(verified.data.user));
}
