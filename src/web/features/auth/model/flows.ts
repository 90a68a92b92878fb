import type { AuthError } from '../../../lib/auth';
import type { LoginEvent } from '../../../lib/identity/loginState';

/** What the login and registration flows need from the outside world (injected, so they are testable). */
export interface FlowDeps {
  signIn(email: string, password: string): Promise<unknown>;
  signUp(email: string, password: string, name: string): Promise<unknown>;
  signOut(): Promise<void>;
  registerUser(fields: RegistrationFields): Promise<{ iErrorCode: number; sMessage?: string } | null>;
  /** Re-runs the invite-code check (SPEC §4, after a refused registration). */
  recheckCode(): Promise<void>;
  dispatch(event: LoginEvent): void;
}

export interface RegistrationFields {
  sCode: string;
  sReferredByCode: string;
  sUserName: string;
  bSubscribe: boolean;
}

export type FlowResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'credentials' | 'alreadyRegistered' | 'auth' | 'registration';
      error?: AuthError;
      iErrorCode?: number;
      sMessage?: string;
    };

const isEmailInUse = (error: AuthError) => error.status === 422 || /ALREADY_EXISTS/.test(error.code);

/** SPEC §4 password login: 1, then 2 on the sign-in change, 100 on any error. */
export async function runLogin(deps: FlowDeps, email: string, password: string): Promise<FlowResult> {
  deps.dispatch({ type: 'loginStarted' });
  try {
    await deps.signIn(email, password);
  } catch (error) {
    deps.dispatch({ type: 'loginFailed' });
    return { ok: false, reason: 'credentials', error: error as AuthError };
  }
  deps.dispatch({ type: 'signedIn' });
  return { ok: true };
}

/** The server registration call after sign-in: 0 → 2; anything else → 100, sign out, re-check the code. */
export async function runServerRegistration(deps: FlowDeps, fields: RegistrationFields): Promise<FlowResult> {
  const answer = await deps.registerUser(fields);
  deps.dispatch({ type: 'registrationAnswered', answer });
  if (answer?.iErrorCode === 0) return { ok: true };
  await deps.signOut();
  deps.dispatch({ type: 'signedOut' });
  await deps.recheckCode();
  return { ok: false, reason: 'registration', iErrorCode: answer?.iErrorCode ?? 104, sMessage: answer?.sMessage };
}

/**
 * SPEC §4 registration: 1, create the account; if the email is in use, log in with the same
 * credentials (failure → 3); other errors → 100; then the server registration call.
 */
export async function runRegistration(
  deps: FlowDeps,
  credentials: { email: string; password: string },
  fields: RegistrationFields,
): Promise<FlowResult> {
  deps.dispatch({ type: 'registerStarted' });
  try {
    await deps.signUp(credentials.email, credentials.password, fields.sUserName);
  } catch (error) {
    const failure = error as AuthError;
    if (!isEmailInUse(failure)) {
      deps.dispatch({ type: 'registerFailed' });
      return { ok: false, reason: 'auth', error: failure };
    }
    try {
      await deps.signIn(credentials.email, credentials.password);
    } catch (loginError) {
      deps.dispatch({ type: 'alreadyRegistered' });
      return { ok: false, reason: 'alreadyRegistered', error: loginError as AuthError };
    }
  }
  return runServerRegistration(deps, fields);
}
