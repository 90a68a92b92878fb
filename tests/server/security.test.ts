import { createHmac } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { loadConfig } from '../../src/server/config';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { auth, authAction, closeTestApp, ROOMY_LIMITS, signUp, uniqueEmail, waitForMail } from './identityHelpers';

/** The signing secret every default start used before it was generated per install. */
const OLD_CONSTANT = 'dev-only-secret-change-me-in-production-0123456789';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
function hs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The same token spelled differently: the signature's last character with other unused bits, and padding. */
function respelled(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1) as string);
  const twin = alphabet[(last & ~3) | ((last + 1) & 3)] as string;
  return `${token.slice(0, -1)}${twin}=`;
}

describe('a default start signs with its own secret', () => {
  it('generates one on first start, keeps it in the data folder for its owner only, and AUTH_SECRET wins', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secret-'));
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const again = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.authSecret).toBe(again.authSecret);
    expect(first.authSecret).not.toBe(OLD_CONSTANT);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.authSecretSource).toContain('auth-secret');
    expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    const other = loadConfig({ NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-secret-')) });
    expect(other.authSecret).not.toBe(first.authSecret);
    const configured = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40) });
    expect(configured).toMatchObject({ authSecret: 'x'.repeat(40), authSecretSource: 'AUTH_SECRET' });
  });
});

describe.each(DIALECTS)('security on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
  });
  afterAll(() => closeTestApp(t));

  const user = (email: string) =>
    t.deps.db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirstOrThrow();

  it('refuses a verification link forged with the old constant secret', async () => {
    const email = uniqueEmail('forged');
    await signUp(t, email);
    const now = Math.floor(Date.now() / 1000);
    const forged = hs256({ email, iat: now, exp: now + 3600 }, OLD_CONSTANT);
    const answer = await auth(t, `/verify-email?token=${forged}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).toMatchObject({ iErrorCode: expect.any(Number), sMessage: expect.any(String) });
    expect(Boolean((await user(email)).emailVerified)).toBe(false);
  });

  it('lets a used verification link work once, however it is re-encoded', async () => {
    const email = uniqueEmail('once');
    const token = await signUp(t, email);
    await auth(t, '/send-verification-email', { body: { email }, token });
    const { token: link } = authAction(await waitForMail(t, email));
    expect((await auth(t, `/verify-email?token=${link}`)).status).toBe(200);
    for (const spelling of [respelled(link), `${link}=`, `${link}==`]) {
      expect(spelling).not.toBe(link);
      const again = await auth(t, `/verify-email?token=${encodeURIComponent(spelling)}`);
      expect(again.status, spelling).toBe(401);
      expect(again.body).toMatchObject({ code: 'TOKEN_ALREADY_USED', iErrorCode: ErrorCode.ALREADY_DONE });
    }
  });

  it('serves the dev outbox to this machine only', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    for (const outsider of [
      await from('192.168.1.20'),
      await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
    ]) {
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toMatchObject({ iErrorCode: ErrorCode.FORBIDDEN, sMessage: expect.any(String) });
    }
  });

  it('signs portal actions in by the bearer token only, and sets no session cookie', async () => {
    const email = uniqueEmail('cookie');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: 'correct horse battery', name: 'cookie' }),
    });
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const token = signIn.headers['set-auth-token'] as string;
    const sessionToken = token.split('.')[0] as string;
    // What a browser would send for a cookie it got from Better Auth (an auto-submitting form).
    const cookie = `better-auth.session_token=${encodeURIComponent(token)}`;
    const byCookie = await t.app.inject({
      method: 'POST',
      url: '/api/portal/setSubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: 'http://localhost:3001' },
      payload: 'bSubscribe=1',
    });
    expect(byCookie.json()).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    const session = await auth(t, '/get-session', { method: 'GET' });
    expect(session.body).toMatchObject({ iErrorCode: 0 });
    expect(session.body?.user).toBeUndefined();
    const cookieSession = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(cookieSession.json().user).toBeUndefined();
    expect(sessionToken.length).toBeGreaterThan(10);
  });

  it('answers deeply nested JSON with 400 in the protocol shape', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/portal/setWalletAddress']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: `{"email":${deep.slice(0, 30_000)}${deep.slice(-30_000)}}`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        iErrorCode: ErrorCode.BAD_INPUT,
        sMessage: expect.stringMatching(/nested/),
      });
    }
  });

  it('answers malformed URLs and unknown auth routes in the protocol shape', async () => {
    const badUrl = await t.app.inject({ method: 'POST', url: '/api/portal/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: expect.any(String) });
    const longParam = await t.app.inject({ method: 'POST', url: `/api/portal/${'a'.repeat(500)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: expect.any(String) });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/auth/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND, sMessage: expect.any(String) });
  });

  it('bounds the name and refuses a scriptable picture on sign-up and profile updates', async () => {
    const huge = await auth(t, '/sign-up/email', {
      body: { email: uniqueEmail('huge'), password: 'correct horse battery', name: 'x'.repeat(60_000) },
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, code: 'INVALID_PROFILE' });
    const scripted = await auth(t, '/sign-up/email', {
      body: { email: uniqueEmail('img'), password: 'correct horse battery', name: 'img', image: 'javascript:alert(1)' },
    });
    expect(scripted.status).toBe(400);
    const token = await signUp(t);
    const update = await auth(t, '/update-user', { body: { image: 'javascript:alert(1)' }, token });
    expect(update.status).toBe(400);
    expect((await auth(t, '/update-user', { body: { image: 'https://example.com/a.png' }, token })).status).toBe(200);
  });
});
