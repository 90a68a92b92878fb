import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorMessage } from '../../src/protocol/errors';
import { createInvite } from '../../src/server/features/identity/invites';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { auth, closeTestApp, ROOMY_LIMITS, signIn, signUp, uniqueEmail } from './identityHelpers';

const MINUTE = 60_000;
const tiny = (max: number) => ({ max, windowMs: MINUTE });

describe.each(DIALECTS)('identity rate limits on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  const RATE_LIMITED = { iErrorCode: ErrorCode.RATE_LIMITED, sMessage: errorMessage(ErrorCode.RATE_LIMITED) };
  let ipCounter = 0;
  /** Each test counts from a fresh address, so tests never share an IP bucket. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const callFrom = async (ip: string, action: string, fields: Record<string, string>, token?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/portal/${action}`,
      remoteAddress: ip,
      payload: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      config: {
        rateLimits: {
          ...ROOMY_LIMITS,
          signInPerEmail: tiny(3),
          signInPerIp: tiny(5),
          signUpPerIp: tiny(2),
          passwordResetPerEmail: tiny(2),
          passwordResetPerIp: tiny(4),
          verificationEmailPerEmail: tiny(2),
          codeCheckPerIp: tiny(3),
          userNameCheckPerIp: tiny(3),
        },
      },
    });
  });
  afterAll(() => closeTestApp(t));

  it('limits sign-in per email with a 429 and the portal error body, then recovers', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, 'wrong password', ip)).status).toBe(401);
    const limited = await signIn(t, email, 'wrong password', freshIp());
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ...RATE_LIMITED, code: 'RATE_LIMITED' });
    // Even the right password waits for the window: the limit is on attempts, not failures.
    expect((await signIn(t, email, undefined, freshIp())).status).toBe(429);

    clock.advance(MINUTE);
    expect((await signIn(t, email, undefined, ip)).status).toBe(200);
  });

  it('limits sign-in per IP across emails, without touching other IPs', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn(t, uniqueEmail('ghost'), 'whatever pw', ip)).status).toBe(401);
    const limited = await signIn(t, uniqueEmail('ghost'), 'whatever pw', ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject(RATE_LIMITED);
    expect((await signIn(t, uniqueEmail('ghost'), 'whatever pw', freshIp())).status).toBe(401);
  });

  it('limits sign-up per IP', async () => {
    const ip = freshIp();
    const signUpFrom = (email: string) =>
      auth(t, '/sign-up/email', { ip, body: { email, password: 'long enough pw', name: 'x' } });
    expect((await signUpFrom(uniqueEmail())).status).toBe(200);
    expect((await signUpFrom(uniqueEmail())).status).toBe(200);
    const limited = await signUpFrom(uniqueEmail());
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject(RATE_LIMITED);
  });

  it('counts reset requests per email across the action and the Better Auth route', async () => {
    const email = uniqueEmail('reset');
    expect(await callFrom(freshIp(), 'sendPasswordResetEmail', { sEmail: email })).toEqual({ iErrorCode: 0 });
    expect((await auth(t, '/request-password-reset', { ip: freshIp(), body: { email } })).status).toBe(200);
    expect(await callFrom(freshIp(), 'sendPasswordResetEmail', { sEmail: email })).toEqual(RATE_LIMITED);
    expect((await auth(t, '/request-password-reset', { ip: freshIp(), body: { email } })).status).toBe(429);
    clock.advance(MINUTE);
    expect(await callFrom(freshIp(), 'sendPasswordResetEmail', { sEmail: email })).toEqual({ iErrorCode: 0 });
  });

  it('limits reset requests per IP across emails', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      expect(await callFrom(ip, 'sendPasswordResetEmail', { sEmail: uniqueEmail('spray') })).toEqual({ iErrorCode: 0 });
    }
    expect(await callFrom(ip, 'sendPasswordResetEmail', { sEmail: uniqueEmail('spray') })).toEqual(RATE_LIMITED);
  });

  it('limits verification emails per account across the action and the Better Auth route', async () => {
    const email = uniqueEmail('verify');
    const token = await signUp(t, email);
    expect(await callFrom(freshIp(), 'sendVerificationEmail', {}, token)).toEqual({ iErrorCode: 0 });
    const viaRoute = await auth(t, '/send-verification-email', { ip: freshIp(), token, body: { email } });
    expect(viaRoute.status).toBe(200);
    expect(await callFrom(freshIp(), 'sendVerificationEmail', {}, token)).toEqual(RATE_LIMITED);
    expect((await auth(t, '/send-verification-email', { ip: freshIp(), token, body: { email } })).status).toBe(429);
  });

  it('limits verifyCode and checkUserName per IP, answering HTTP 200 RATE_LIMITED, then recovers', async () => {
    const code = await createInvite(t.deps.db, { maxUses: 1, email: null, actor: 'test', now: clock.now() });
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect(await callFrom(ip, 'verifyCode', { sCode: code })).toEqual({ iErrorCode: 0, sEmail: '' });
    expect(await callFrom(ip, 'verifyCode', { sCode: code })).toEqual({ ...RATE_LIMITED, sEmail: '' });
    for (let i = 0; i < 3; i++)
      expect(await callFrom(ip, 'checkUserName', { sUserName: 'Shoggoth' })).toEqual({ iErrorCode: 0 });
    expect(await callFrom(ip, 'checkUserName', { sUserName: 'Shoggoth' })).toEqual(RATE_LIMITED);

    clock.advance(MINUTE);
    expect(await callFrom(ip, 'verifyCode', { sCode: code })).toEqual({ iErrorCode: 0, sEmail: '' });
    expect(await callFrom(ip, 'checkUserName', { sUserName: 'Shoggoth' })).toEqual({ iErrorCode: 0 });
  });

  it('prunes full buckets', async () => {
    const ip = freshIp();
    await callFrom(ip, 'checkUserName', { sUserName: 'Yog_Sothoth' });
    clock.advance(2 * MINUTE);
    await callFrom(ip, 'checkUserName', { sUserName: 'Yog_Sothoth' });
    const stale = await t.deps.db
      .selectFrom('rate_limit')
      .select('key')
      .where('expires_at', '<=', clock.now())
      .execute();
    expect(stale).toHaveLength(0);
    const live = await t.deps.db.selectFrom('rate_limit').select('key').execute();
    expect(live.length).toBeGreaterThan(0);
  });

  it('leaves other Better Auth routes alone', async () => {
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await auth(t, '/get-session', { ip })).status).toBe(200);
  });
});
