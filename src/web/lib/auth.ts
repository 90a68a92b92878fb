import { useSyncExternalStore } from 'react';
import { onNotSignedInAnswer } from '../api/client';
import { observeClientVersion } from '../api/version';
import { AUTH_BASE } from '../config';
import { local, STORAGE, session } from './storage';

/**
 * The signed-in state, backed by Better Auth's REST endpoints (a tiny client instead of
 * better-auth/react keeps the entry bundle small). The bearer token is kept session-style.
 */
export interface AuthUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export type AuthState =
  | { status: 'loading'; token: string | null; user: null }
  | { status: 'signedOut'; token: null; user: null }
  | { status: 'signedIn'; token: string; user: AuthUser };

export interface AuthError {
  status: number;
  code: string;
  message: string;
  /** A banned account (BANNED_USER): the operator's reason and the end (epoch ms, 0 until lifted). */
  ban?: { reason: string; until: number };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: AuthState = { status: 'loading', token: session.get(STORAGE.token), user: null };

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

export function hasLoggedInBefore(): boolean {
  return local.get(STORAGE.hasLoggedIn) === '1';
}

interface AuthRequestOptions {
  /** The bearer when it is not this tab's session (one the tab has not adopted). */
  token?: string | null;
  /** This very request, sent already (a member's page load, lib/pageLoad): its answer is read instead. */
  sent?: Promise<Response>;
  /** More request headers (a sign-in step's challenge: server/features/identity/authRoute.ts). */
  headers?: Record<string, string>;
}

/** One request to Better Auth (a GET without a body, else a POST); answers the JSON body or throws an AuthError. */
export async function authRequest<T>(
  path: string,
  body?: unknown,
  options: AuthRequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? state.token : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.sent ??
      fetch(`${AUTH_BASE}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch {
    throw {
      status: 0,
      code: 'NETWORK',
      message: 'The server could not be reached. Please check your connection.',
    } satisfies AuthError;
  }
  observeClientVersion(response.headers.get('Client-Version'));
  const text = await response.text();
  const data = text ? (JSON.parse(text) as T & { code?: string; message?: string }) : (null as T);
  if (!response.ok) {
    const failure = (data ?? {}) as { code?: string; message?: string; sBanReason?: unknown; iBanUntil?: unknown };
    const error: AuthError = {
      status: response.status,
      code: failure.code ?? `HTTP_${response.status}`,
      message: failure.message ?? 'The request failed.',
    };
    if (typeof failure.sBanReason === 'string') {
      error.ban = { reason: failure.sBanReason, until: typeof failure.iBanUntil === 'number' ? failure.iBanUntil : 0 };
    }
    throw error;
  }
  return { data, headers: response.headers };
}

/** Stores a fresh session after sign-in or sign-up. */
export function acceptSession(token: string, user: AuthUser): void {
  session.set(STORAGE.token, token);
  local.set(STORAGE.hasLoggedIn, '1');
  setState({ status: 'signedIn', token, user });
}

/** Forgets the session locally (after sign-out, or when the server no longer knows it). */
export function dropSession(): void {
  session.remove(STORAGE.token);
  setState({ status: 'signedOut', token: null, user: null });
}

// Signed out from another device (issue 30): the next action this tab sends with its token answers
// NOT_SIGNED_IN, and the layouts then send it to /login.
onNotSignedInAnswer((token) => {
  if (state.token === token) dropSession();
});

/**
 * Asks the server who the stored token belongs to; signs out locally if nobody. `sent`: that request,
 * sent already by a member's page load (lib/pageLoad).
 */
export async function refreshSession(sent?: Promise<Response>): Promise<AuthState> {
  const token = state.token ?? session.get(STORAGE.token);
  if (!token) {
    dropSession();
    return state;
  }
  state = { ...state, token } as AuthState;
  try {
    const { data } = await authRequest<{ user: AuthUser } | null>('/get-session', undefined, { sent });
    // A newer token came meanwhile (a password change, or turning two-factor off, issues one and
    // ends the old session): this answer is about the old token and says nothing of the tab's.
    if (state.token !== token) return state;
    if (data?.user) {
      setState({ status: 'signedIn', token, user: pickUser(data.user) });
    } else {
      dropSession();
    }
  } catch (error) {
    if (state.token !== token) return state;
    // A network failure keeps the token (offline-first); a refusal signs out.
    if ((error as AuthError).status === 0) setState({ status: 'signedOut', token: null, user: null });
    else dropSession();
  }
  return state;
}

export function pickUser(user: AuthUser): AuthUser {
  return { id: user.id, email: user.email, emailVerified: Boolean(user.emailVerified), name: user.name };
}
