import { portal } from '../../../api/client';
import { type AuthUser, acceptSession, authRequest, getAuthState, pickUser } from '../../../lib/auth';
import { startSession } from '../../../lib/authSession';
import type { RegistrationFields } from '../model/flows';

/**
 * The identity calls: the portal's identity actions and the Better Auth routes the account
 * screens use (sign-in and sign-out live in lib/authSession, the session itself in lib/auth).
 */
const token = () => getAuthState().token;

// ── Portal actions ───────────────────────────────────────────────────────────────────────────

export const verifyCode = (sCode: string) => portal('verifyCode', { sCode });

export const checkUserName = (sUserName: string) => portal('checkUserName', { sUserName });

/** registerUser with this tab's session, or with a session it has not adopted yet. */
export const registerUser = (fields: RegistrationFields, bearer: string | null = token()) =>
  portal('registerUser', { ...fields }, { token: bearer });

export const userVerified = () => portal('userVerified', {}, { token: token() });

export const sendVerificationEmail = () => portal('sendVerificationEmail', {}, { token: token() });

export const sendPasswordResetEmail = (sEmail: string) => portal('sendPasswordResetEmail', { sEmail });

export const setSubscribe = (bSubscribe: boolean) => portal('setSubscribe', { bSubscribe }, { token: token() });

// ── Better Auth ──────────────────────────────────────────────────────────────────────────────

/** Creates the account (Better Auth signs it in at once; null without a session); throws an AuthError. */
export const createAccount = (email: string, password: string, name: string) =>
  startSession('/sign-up/email', { email, password, name });

/** Changes the password; every other session ends, and this tab keeps the fresh token. Throws an AuthError. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { data, headers } = await authRequest<{ token: string; user: AuthUser }>('/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
  acceptSession(headers.get('set-auth-token') ?? data.token, pickUser(data.user));
}

export const changeEmail = (newEmail: string) => authRequest('/change-email', { newEmail });

/** Confirms an address from an email link (verification or email change). Throws an AuthError. */
export const verifyEmail = (linkToken: string) => authRequest(`/verify-email?token=${encodeURIComponent(linkToken)}`);

/** Chooses a new password from a reset link. Throws an AuthError. */
export const resetPassword = (newPassword: string, linkToken: string) =>
  authRequest('/reset-password', { newPassword, token: linkToken });

/** Ends every session of the account, best effort (the caller then signs this tab out). */
export const revokeSessions = () => authRequest('/revoke-sessions', {}).catch(() => undefined);
