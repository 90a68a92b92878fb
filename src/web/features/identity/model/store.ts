import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuth } from '../../../lib/auth';
import { STORAGE, session } from '../../../lib/storage';
import { verifyCode } from '../api/identity';
import { type CodeStatus, codeStatusFrom, initialCodeStatus } from './codeVerify';
import { initialLoginStatus, type LoginEvent, type LoginStatus, loginReducer } from './loginState';

/**
 * The app session state of docs/product.md §3 that several screens read: iLoginState, iErrorCode, and
 * iCodeVerifyState with the invite's email (sAgentTemplateID is the protocol's AGENT_TEMPLATE_ID,
 * which registerUser answers). The code status survives a reload of the tab (sessionStorage) so
 * /register keeps its invite.
 */
export interface IdentityState {
  login: LoginStatus;
  code: CodeStatus;
  /** A sentence for the login form after a sign-out it should explain (a refused registration). */
  notice: { text: string; at: number } | null;
}

const listeners = new Set<() => void>();

function storedCode(): CodeStatus {
  try {
    return { ...initialCodeStatus, ...(JSON.parse(session.get(STORAGE.codeStatus) ?? '{}') as Partial<CodeStatus>) };
  } catch {
    return initialCodeStatus;
  }
}

let state: IdentityState = { login: initialLoginStatus, code: storedCode(), notice: null };

function set(next: IdentityState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getIdentity(): IdentityState {
  return state;
}

export function useIdentity(): IdentityState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getIdentity,
    getIdentity,
  );
}

export function dispatchLogin(event: LoginEvent): void {
  set({ ...state, login: loginReducer(state.login, event) });
}

// docs/product.md §4: sign-out (from anywhere: the navbar, another screen, a lost session) sets iLoginState 0.
subscribeAuth(() => {
  if (getAuthState().status === 'signedOut' && state.login.iLoginState !== 0) dispatchLogin({ type: 'signedOut' });
});

/** Leaves (or with null, clears) a sentence for the login form. */
export function setLoginNotice(text: string | null): void {
  set({ ...state, notice: text ? { text, at: Date.now() } : null });
}

/** Checks an invite code with the server (verifyCode) and stores the outcome. */
export async function checkInviteCode(sCode: string): Promise<CodeStatus> {
  const code = sCode.trim();
  const answer = code ? await verifyCode(code) : null;
  const status = codeStatusFrom(code, answer);
  session.set(STORAGE.codeStatus, JSON.stringify(status));
  set({ ...state, code: status });
  return status;
}

/** Drops this tab's invite code (a member who registers without the bad one they followed). */
export function forgetInviteCode(): void {
  session.remove(STORAGE.codeStatus);
  set({ ...state, code: initialCodeStatus });
}

/** The invite code of this tab, if any (from the URL or an earlier check). */
export function currentInviteCode(search = window.location.search): string {
  return new URLSearchParams(search).get('sCode') ?? state.code.sCode;
}
