import { type AuthUser, acceptSession, authRequest, dropSession, getAuthState, pickUser } from './auth';

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

/** Signs in or up with Better Auth without adopting the session (null if it started none); throws an AuthError. */
export async function startSession(
  path: '/sign-in/email' | '/sign-up/email',
  body: Record<string, string>,
): Promise<NewSession | null> {
  const { data, headers } = await authRequest<{ token: string | null; user: AuthUser }>(path, body);
  const token = headers.get('set-auth-token') ?? data.token;
  return token ? { token, user: pickUser(data.user) } : null;
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
