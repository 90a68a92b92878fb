import type { AuthError } from '../../../lib/auth';
import type { LoginEvent } from './loginState';

/** A Better Auth session the registration flow holds until registerUser accepts the member. */
export interface PendingSession {
  token: string;
  user: { emailVerified: boolean };
}

/** What the login and registration flows need from the outside world (injected, so they are testable). */
export interface FlowDeps {
  /** Password login of this tab (the login form). */
  signIn(email: string, password: string): Promise<unknown>;
  /**
   * Creates the account; its session is not this tab's until registration succeeds. Null: an
   * answer without a session (Better Auth set to hide that the email is already registered).
   */
  signUp(email: string, password: string, name: string): Promise<PendingSession | null>;
  /** A password login held back the same way (registration with an email already in use). */
  openSession(email: string, password: string): Promise<PendingSession>;
  /** Makes a held session this tab's session. */
  adopt(session: PendingSession): void;
  /** registerUser with the held session's token, or this tab's when none is given. */
  registerUser(
    fields: RegistrationFields,
    token?: string,
  ): Promise<{ iErrorCode: number; sMessage?: string; sAgentTokenTemplateID?: string } | null>;
  /** Ends the held session, or this tab's when none is given. */
  signOut(token?: string): Promise<void>;
  /** Re-runs the invite-code check (docs/product.md §4, after a refused registration). */
  recheckCode(): Promise<void>;
  dispatch(event: LoginEvent): void;
}

export interface RegistrationFields {
  sCode: string;
  sReferredByCode: string;
  sUserName: string;
  bSubscribe: boolean;
  /** This browser's guest player (lib/guest.ts): its verified win comes with the registration. */
  iGuestUserID?: number;
  sGuestPassword?: string;
}

export type FlowResult =
  | { ok: true; verified?: boolean; sAgentTemplateID?: string }
  | {
      ok: false;
      reason: 'credentials' | 'alreadyRegistered' | 'auth' | 'registration' | 'secondFactor';
      error?: AuthError;
      /** reason 'secondFactor': the sign-in's challenge, for the code step. */
      challenge?: string;
      iErrorCode?: number;
      sMessage?: string;
    };

const isEmailInUse = (error: AuthError) => error.status === 422 || /ALREADY_EXISTS/.test(error.code ?? '');

/**
 * docs/product.md §4 password login: 1, then 2 on the sign-in change, 100 on any error. An account
 * with two-factor on stays at 1 while the code step runs (runSecondFactor).
 */
export async function runLogin(deps: FlowDeps, email: string, password: string): Promise<FlowResult> {
  deps.dispatch({ type: 'loginStarted' });
  try {
    await deps.signIn(email, password);
  } catch (error) {
    const challenge = (error as { code?: string; challenge?: unknown }).challenge;
    if ((error as AuthError).code === 'TWO_FACTOR_REQUIRED' && typeof challenge === 'string') {
      return { ok: false, reason: 'secondFactor', challenge };
    }
    deps.dispatch({ type: 'loginFailed' });
    return { ok: false, reason: 'credentials', error: error as AuthError };
  }
  deps.dispatch({ type: 'signedIn' });
  return { ok: true };
}

/**
 * The server registration call for a signed-in account (`session`: one the flow holds; none: this
 * tab's): 0 → 2 and the session becomes the tab's; anything else → 100, sign out, re-check the code.
 */
export async function runServerRegistration(
  deps: FlowDeps,
  fields: RegistrationFields,
  session?: PendingSession,
): Promise<FlowResult> {
  const answer = await deps.registerUser(fields, session?.token);
  deps.dispatch({ type: 'registrationAnswered', answer });
  if (answer?.iErrorCode === 0) {
    if (session) deps.adopt(session);
    return { ok: true, verified: session?.user.emailVerified, sAgentTemplateID: answer.sAgentTokenTemplateID };
  }
  await deps.signOut(session?.token);
  deps.dispatch({ type: 'signedOut' });
  await deps.recheckCode();
  return { ok: false, reason: 'registration', iErrorCode: answer?.iErrorCode ?? 104, sMessage: answer?.sMessage };
}

/**
 * docs/product.md §4 registration: 1, create the account; if the email is in use, log in with the same
 * credentials (failure → 3); other errors → 100; then the server registration call. The new
 * session becomes this tab's only when registration succeeds, so a refusal leaves the visitor
 * signed out on the form, with the reason.
 */
export async function runRegistration(
  deps: FlowDeps,
  credentials: { email: string; password: string },
  fields: RegistrationFields,
): Promise<FlowResult> {
  deps.dispatch({ type: 'registerStarted' });
  let session: PendingSession | null;
  try {
    session = await deps.signUp(credentials.email, credentials.password, fields.sUserName);
  } catch (error) {
    const failure = error as AuthError;
    if (!isEmailInUse(failure)) {
      deps.dispatch({ type: 'registerFailed' });
      return { ok: false, reason: 'auth', error: failure };
    }
    session = null;
  }
  // Email in use: Better Auth refuses (422), or, when set to hide existing accounts, answers without a session.
  if (!session) {
    try {
      session = await deps.openSession(credentials.email, credentials.password);
    } catch (loginError) {
      deps.dispatch({ type: 'alreadyRegistered' });
      return { ok: false, reason: 'alreadyRegistered', error: loginError as AuthError };
    }
  }
  return runServerRegistration(deps, fields, session);
}
