import { AUTH_BASE } from '../../../config';
import { type AuthUser, authRequest, pickUser } from '../../../lib/auth';

/** A Better Auth session this tab has not adopted yet (registration adopts it once registerUser succeeds). */
export interface NewSession {
  token: string;
  user: AuthUser;
}

async function open(path: string, body: Record<string, string>): Promise<NewSession | null> {
  const { data, headers } = await authRequest<{ token: string | null; user: AuthUser }>(path, body);
  const token = headers.get('set-auth-token') ?? data.token;
  return token ? { token, user: pickUser(data.user) } : null;
}

/** Creates the account (Better Auth signs it in at once; null without a session); throws an AuthError. */
export const createAccount = (email: string, password: string, name: string) =>
  open('/sign-up/email', { email, password, name });

/** A password login whose session is not adopted yet; throws an AuthError. */
export async function openSession(email: string, password: string): Promise<NewSession> {
  const session = await open('/sign-in/email', { email, password });
  if (!session) throw { status: 500, code: 'NO_SESSION', message: 'The server did not start a session.' };
  return session;
}

/** Ends a session this tab never adopted (a refused registration); best effort. */
export async function endSession(token: string): Promise<void> {
  await fetch(`${AUTH_BASE}/sign-out`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  }).catch(() => undefined);
}
