import { describe, expect, it } from 'vitest';
import { type CodeVerifyStateValue, codeStatusFrom } from './codeVerify';
import { type FlowDeps, runLogin, runRegistration, runServerRegistration } from './flows';
import { initialLoginStatus, type LoginEvent, type LoginStatus, loginReducer } from './loginState';

const run = (...events: LoginEvent[]) => events.reduce(loginReducer, initialLoginStatus);

describe('iLoginState (docs/product.md §4)', () => {
  it('starts at 0', () => expect(initialLoginStatus.iLoginState).toBe(0));
  it('password login: 1, then 2 on the sign-in change', () => {
    expect(run({ type: 'loginStarted' }).iLoginState).toBe(1);
    expect(run({ type: 'loginStarted' }, { type: 'signedIn' }).iLoginState).toBe(2);
  });
  it('password login error gives 100', () => {
    expect(run({ type: 'loginStarted' }, { type: 'loginFailed' }).iLoginState).toBe(100);
  });
  it('registration: 1, email in use and login fails gives 3', () => {
    expect(run({ type: 'registerStarted' }).iLoginState).toBe(1);
    expect(run({ type: 'registerStarted' }, { type: 'alreadyRegistered' }).iLoginState).toBe(3);
  });
  it('other registration errors give 100', () => {
    expect(run({ type: 'registerStarted' }, { type: 'registerFailed' }).iLoginState).toBe(100);
  });
  it('server registration 0 gives 2; another code gives 100 with that code', () => {
    expect(run({ type: 'registerStarted' }, { type: 'registrationAnswered', answer: { iErrorCode: 0 } })).toEqual({
      iLoginState: 2,
      iErrorCode: 0,
    });
    expect(run({ type: 'registerStarted' }, { type: 'registrationAnswered', answer: { iErrorCode: 11 } })).toEqual({
      iLoginState: 100,
      iErrorCode: 11,
    });
  });
  it('a registration call that returns nothing sets iErrorCode 104 and 100', () => {
    expect(run({ type: 'registerStarted' }, { type: 'registrationAnswered', answer: null })).toEqual({
      iLoginState: 100,
      iErrorCode: 104,
    });
  });
  it('sign-out sets 0', () => {
    const after: LoginStatus = run({ type: 'loginStarted' }, { type: 'signedIn' }, { type: 'signedOut' });
    expect(after.iLoginState).toBe(0);
  });
});

describe('iCodeVerifyState (docs/product.md §4)', () => {
  const state = (code: string, answer: Parameters<typeof codeStatusFrom>[1]): CodeVerifyStateValue =>
    codeStatusFrom(code, answer).iCodeVerifyState;
  it('is 1 with the email stored for a valid code', () => {
    expect(codeStatusFrom('ABC', { iErrorCode: 0, sEmail: 'a@b.co' })).toEqual({
      iCodeVerifyState: 1,
      sCode: 'ABC',
      sEmail: 'a@b.co',
    });
  });
  it('is -1 for an invalid code, a failed call, or no code', () => {
    expect(state('ABC', { iErrorCode: 12 })).toBe(-1);
    expect(state('ABC', null)).toBe(-1);
    expect(state('', { iErrorCode: 0 })).toBe(-1);
  });
});

const SESSION = { token: 'held-token', user: { emailVerified: false } };

function fakeDeps(overrides: Partial<FlowDeps> = {}) {
  const events: string[] = [];
  let status = initialLoginStatus;
  const calls: string[] = [];
  const deps: FlowDeps = {
    signIn: async () => calls.push('signIn'),
    signUp: async () => {
      calls.push('signUp');
      return SESSION;
    },
    openSession: async () => {
      calls.push('openSession');
      return { ...SESSION, user: { emailVerified: true } };
    },
    adopt: (session) => {
      calls.push(`adopt ${session.token}`);
    },
    registerUser: async (_fields, token) => {
      calls.push(`registerUser ${token ?? 'tab'}`);
      return { iErrorCode: 0, sAgentTokenTemplateID: 'agent' };
    },
    signOut: async (token) => {
      calls.push(`signOut ${token ?? 'tab'}`);
    },
    recheckCode: async () => {
      calls.push('recheckCode');
    },
    dispatch: (event) => {
      events.push(event.type);
      status = loginReducer(status, event);
    },
    ...overrides,
  };
  return { deps, events, calls, status: () => status };
}

const fields = { sCode: '', sReferredByCode: '', sUserName: 'seeker', bSubscribe: false };
const inUse = { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'exists' };
const wrong = { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'wrong' };
const credentials = { email: 'a@b.co', password: 'password1' };

describe('login and registration flows', () => {
  it('login success: 1 then 2', async () => {
    const f = fakeDeps();
    expect(await runLogin(f.deps, 'a@b.co', 'password1')).toEqual({ ok: true });
    expect(f.events).toEqual(['loginStarted', 'signedIn']);
    expect(f.status().iLoginState).toBe(2);
  });

  it('login failure ends in 100', async () => {
    const f = fakeDeps({ signIn: () => Promise.reject(wrong) });
    expect(await runLogin(f.deps, 'a@b.co', 'x')).toMatchObject({ ok: false, reason: 'credentials', error: wrong });
    expect(f.status().iLoginState).toBe(100);
  });

  it('two-factor on: the right password leaves 1 and hands the challenge to the code step', async () => {
    const challenge = {
      status: 200,
      code: 'TWO_FACTOR_REQUIRED',
      message: 'code',
      challenge: 'better-auth.two_factor=x',
    };
    const f = fakeDeps({ signIn: () => Promise.reject(challenge) });
    expect(await runLogin(f.deps, 'a@b.co', 'password1')).toEqual({
      ok: false,
      reason: 'secondFactor',
      challenge: 'better-auth.two_factor=x',
    });
    expect(f.events).toEqual(['loginStarted']);
    expect(f.status().iLoginState).toBe(1);
  });

  it('registration: sign up, registerUser with the new session, 0 → 2, then the session is adopted', async () => {
    const f = fakeDeps();
    expect(await runRegistration(f.deps, credentials, fields)).toEqual({
      ok: true,
      verified: false,
      sAgentTemplateID: 'agent',
    });
    expect(f.calls).toEqual(['signUp', 'registerUser held-token', 'adopt held-token']);
    expect(f.events).toEqual(['registerStarted', 'registrationAnswered']);
    expect(f.status()).toEqual({ iLoginState: 2, iErrorCode: 0 });
  });

  it('email in use: logs in with the same credentials and continues (2)', async () => {
    const f = fakeDeps({ signUp: () => Promise.reject(inUse) });
    expect(await runRegistration(f.deps, credentials, fields)).toMatchObject({ ok: true, verified: true });
    expect(f.calls).toEqual(['openSession', 'registerUser held-token', 'adopt held-token']);
    expect(f.status().iLoginState).toBe(2);
  });

  it('a sign-up answer without a session (existing account hidden) is treated as email in use', async () => {
    const f = fakeDeps({
      signUp: async () => {
        f.calls.push('signUp');
        return null;
      },
    });
    expect(await runRegistration(f.deps, credentials, fields)).toMatchObject({ ok: true });
    expect(f.calls).toEqual(['signUp', 'openSession', 'registerUser held-token', 'adopt held-token']);
  });

  it('email in use and the login fails: 3, nothing registered', async () => {
    const f = fakeDeps({ signUp: () => Promise.reject(inUse), openSession: () => Promise.reject(wrong) });
    const result = await runRegistration(f.deps, { email: 'a@b.co', password: 'nope-nope' }, fields);
    expect(result).toMatchObject({ ok: false, reason: 'alreadyRegistered' });
    expect(f.calls).toEqual([]);
    expect(f.status().iLoginState).toBe(3);
  });

  it('another sign-up error: 100, no login attempt, no registration call', async () => {
    const short = { status: 400, code: 'PASSWORD_TOO_SHORT', message: 'short' };
    const f = fakeDeps({ signUp: () => Promise.reject(short) });
    expect(await runRegistration(f.deps, { email: 'a@b.co', password: 'x' }, fields)).toMatchObject({
      ok: false,
      reason: 'auth',
      error: short,
    });
    expect(f.calls).toEqual([]);
    expect(f.events).toEqual(['registerStarted', 'registerFailed']);
    expect(f.status().iLoginState).toBe(100);
  });

  it('registerUser refuses: 100, the held session ends (never adopted), the code is checked again, then 0', async () => {
    const seen: number[] = [];
    const f = fakeDeps({
      registerUser: async (_fields, token) => {
        f.calls.push(`registerUser ${token}`);
        return { iErrorCode: 11, sMessage: 'taken' };
      },
    });
    const dispatch = f.deps.dispatch;
    f.deps.dispatch = (event) => {
      dispatch(event);
      seen.push(f.status().iLoginState);
    };
    const result = await runRegistration(f.deps, credentials, fields);
    expect(result).toEqual({ ok: false, reason: 'registration', iErrorCode: 11, sMessage: 'taken' });
    expect(f.calls).toEqual(['signUp', 'registerUser held-token', 'signOut held-token', 'recheckCode']);
    expect(seen).toEqual([1, 100, 0]);
    expect(f.status()).toEqual({ iLoginState: 0, iErrorCode: 11 });
  });

  it('registerUser returns nothing: iErrorCode 104 and 100, then sign-out (0)', async () => {
    const seen: number[] = [];
    const f = fakeDeps({ registerUser: async () => null });
    const dispatch = f.deps.dispatch;
    f.deps.dispatch = (event) => {
      dispatch(event);
      seen.push(f.status().iLoginState);
    };
    const result = await runRegistration(f.deps, credentials, fields);
    expect(result).toMatchObject({ ok: false, reason: 'registration', iErrorCode: 104 });
    expect(seen).toEqual([1, 100, 0]);
    expect(f.status().iErrorCode).toBe(104);
    expect(f.calls).toContain('signOut held-token');
    expect(f.calls.some((c) => c.startsWith('adopt'))).toBe(false);
  });

  it('finishing a signed-in account: registerUser with the tab session; a refusal signs the tab out', async () => {
    const ok = fakeDeps();
    expect(await runServerRegistration(ok.deps, fields)).toMatchObject({ ok: true });
    expect(ok.calls).toEqual(['registerUser tab']);

    const refused = fakeDeps({ registerUser: async () => ({ iErrorCode: 17 }) });
    expect(await runServerRegistration(refused.deps, fields)).toMatchObject({ ok: false, iErrorCode: 17 });
    expect(refused.calls).toEqual(['signOut tab', 'recheckCode']);
    expect(refused.status()).toEqual({ iLoginState: 0, iErrorCode: 17 });
  });
});
