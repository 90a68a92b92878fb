import { describe, expect, it } from 'vitest';
import { type CodeVerifyStateValue, codeStatusFrom } from '../../../lib/identity/codeVerify';
import { initialLoginStatus, type LoginEvent, type LoginStatus, loginReducer } from '../../../lib/identity/loginState';
import { type FlowDeps, runLogin, runRegistration } from './flows';

const run = (...events: LoginEvent[]) => events.reduce(loginReducer, initialLoginStatus);

describe('iLoginState (SPEC §4)', () => {
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

describe('iCodeVerifyState (SPEC §4)', () => {
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

function fakeDeps(overrides: Partial<FlowDeps> = {}) {
  const events: string[] = [];
  let status = initialLoginStatus;
  const calls: string[] = [];
  const deps: FlowDeps = {
    signIn: async () => calls.push('signIn'),
    signUp: async () => calls.push('signUp'),
    signOut: async () => {
      calls.push('signOut');
    },
    registerUser: async () => ({ iErrorCode: 0 }),
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
const inUse = { status: 422, code: 'USER_ALREADY_EXISTS', message: 'exists' };
const wrong = { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'wrong' };

describe('login and registration flows', () => {
  it('login success ends in 2', async () => {
    const f = fakeDeps();
    expect(await runLogin(f.deps, 'a@b.co', 'password1')).toEqual({ ok: true });
    expect(f.status().iLoginState).toBe(2);
  });

  it('login failure ends in 100', async () => {
    const f = fakeDeps({ signIn: () => Promise.reject(wrong) });
    expect((await runLogin(f.deps, 'a@b.co', 'x')).ok).toBe(false);
    expect(f.status().iLoginState).toBe(100);
  });

  it('registration: sign up then registerUser 0 ends in 2', async () => {
    const f = fakeDeps();
    expect(await runRegistration(f.deps, { email: 'a@b.co', password: 'password1' }, fields)).toEqual({ ok: true });
    expect(f.calls).toEqual(['signUp']);
    expect(f.status()).toEqual({ iLoginState: 2, iErrorCode: 0 });
  });

  it('email in use: logs in with the same credentials and continues (2)', async () => {
    const f = fakeDeps({ signUp: () => Promise.reject(inUse) });
    expect((await runRegistration(f.deps, { email: 'a@b.co', password: 'password1' }, fields)).ok).toBe(true);
    expect(f.calls).toEqual(['signIn']);
    expect(f.status().iLoginState).toBe(2);
  });

  it('email in use and the login fails: 3', async () => {
    const f = fakeDeps({ signUp: () => Promise.reject(inUse), signIn: () => Promise.reject(wrong) });
    const result = await runRegistration(f.deps, { email: 'a@b.co', password: 'nope-nope' }, fields);
    expect(result).toMatchObject({ ok: false, reason: 'alreadyRegistered' });
    expect(f.status().iLoginState).toBe(3);
  });

  it('another sign-up error: 100, no registration call', async () => {
    let registered = false;
    const f = fakeDeps({
      signUp: () => Promise.reject({ status: 400, code: 'PASSWORD_TOO_SHORT', message: 'short' }),
      registerUser: async () => {
        registered = true;
        return { iErrorCode: 0 };
      },
    });
    expect((await runRegistration(f.deps, { email: 'a@b.co', password: 'x' }, fields)).ok).toBe(false);
    expect(f.status().iLoginState).toBe(100);
    expect(registered).toBe(false);
  });

  it('registerUser refuses: 100, signs out, re-runs the code check', async () => {
    const f = fakeDeps({ registerUser: async () => ({ iErrorCode: 11, sMessage: 'taken' }) });
    const result = await runRegistration(f.deps, { email: 'a@b.co', password: 'password1' }, fields);
    expect(result).toMatchObject({ ok: false, reason: 'registration', iErrorCode: 11 });
    expect(f.calls).toEqual(['signUp', 'signOut', 'recheckCode']);
    expect(f.status()).toEqual({ iLoginState: 0, iErrorCode: 11 });
    expect(f.events).toContain('registrationAnswered');
  });

  it('registerUser returns nothing: iErrorCode 104, state 100 before sign-out', async () => {
    const seen: number[] = [];
    const f = fakeDeps({ registerUser: async () => null });
    const dispatch = f.deps.dispatch;
    f.deps.dispatch = (event) => {
      dispatch(event);
      seen.push(f.status().iLoginState);
    };
    const result = await runRegistration(f.deps, { email: 'a@b.co', password: 'password1' }, fields);
    expect(result).toMatchObject({ ok: false, iErrorCode: 104 });
    expect(seen).toEqual([1, 100, 0]);
    expect(f.status().iErrorCode).toBe(104);
  });
});
