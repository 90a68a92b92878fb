import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { FLAG_DEFAULTS } from '../../src/protocol/flags';
import { buildApp } from '../../src/server/app';
import { runAdmin } from '../../src/server/cli/commands';
import { loadConfig } from '../../src/server/config';
import { apiSecurityHeaders, securityHeaders } from '../../src/server/http/security';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDb, DIALECTS } from '../support/db';

describe.each(DIALECTS)('platform on %s', (dialect) => {
  let t: TestApp;
  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'test:operator' });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { CORS_ORIGINS: 'http://localhost:3000,https://play.example.com' } });
  });
  afterAll(async () => t?.close());

  describe('protocol', () => {
    it('answers isMaintenance from the database', async () => {
      expect(await t.call('isMaintenance')).toEqual({ iErrorCode: 0, bMaintenance: false, sMessage: '' });
    });

    it("answers the default feature flags of docs/product.md §1, and the help page's contact address", async () => {
      const answer = await t.call('getFlags');
      expect(answer).toEqual({ iErrorCode: 0, pFlags: { ...FLAG_DEFAULTS }, sSupportEmail: 'support@localhost' });
      expect(answer.pFlags).toMatchObject({
        bWallet: false,
        bChat: true,
        bRewardStore: true,
        bShowBlockchainID: false,
      });
    });

    it('answers an unknown action with UNKNOWN_ACTION, not a 500', async () => {
      expect(await t.call('noSuchAction', { a: 1 })).toMatchObject({ iErrorCode: ErrorCode.UNKNOWN_ACTION });
    });

    it('answers an unknown service with 404 and a code', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/nowhere/isMaintenance' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ iErrorCode: ErrorCode.UNKNOWN_ACTION });
    });

    it('never answers bad input with a 500', async () => {
      const bodies: Array<{ payload: string; type: string }> = [
        { payload: '{not json', type: 'application/json' },
        { payload: '"a string"', type: 'application/json' },
        { payload: 'plain text', type: 'text/plain' },
        { payload: 'x'.repeat(70 * 1024), type: 'application/x-www-form-urlencoded' },
        { payload: '<xml/>', type: 'application/xml' },
      ];
      for (const { payload, type } of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/portal/isMaintenance',
          payload,
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${type} ${payload.slice(0, 20)}`).toBeLessThan(500);
        expect(response.json().iErrorCode, `${type} ${payload.slice(0, 20)}`).not.toBe(0);
      }
    });

    it('takes an empty form or JSON body (not read: decision 0241) as no fields, and still refuses an unknown type', async () => {
      const empty = async (headers: Record<string, string>) => {
        const response = await t.app.inject({ method: 'POST', url: '/api/portal/isMaintenance', payload: '', headers });
        return { status: response.statusCode, code: response.json().iErrorCode };
      };
      for (const type of [
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded;charset=UTF-8',
        'application/json',
      ]) {
        expect(await empty({ 'content-type': type, 'content-length': '0' }), type).toEqual({ status: 200, code: 0 });
      }
      expect(await empty({ 'content-type': 'application/xml', 'content-length': '0' })).toEqual({
        status: 415,
        code: ErrorCode.BAD_INPUT,
      });
      const fields = await t.app.inject({
        method: 'POST',
        url: '/api/portal/isMaintenance',
        payload: 'a=\u0000',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(fields.statusCode).toBe(400);
    });

    it('answers a member-only action without a token with NOT_SIGNED_IN', async () => {
      const fakeToken = 'not-a-real-token';
      const answer = await t.call('getUserData', {}, fakeToken);
      expect(answer.iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
    });
  });

  describe('headers', () => {
    it('sends Client-Version and a request id on every response', async () => {
      for (const request of [
        { method: 'POST' as const, url: '/api/portal/isMaintenance' },
        { method: 'GET' as const, url: '/healthz' },
        { method: 'GET' as const, url: '/api/nothing-here' },
      ]) {
        const response = await t.app.inject(request);
        expect(response.headers['client-version'], request.url).toBe(t.config.version);
        expect(response.headers['x-request-id'], request.url).toBeTruthy();
      }
    });

    it('allows listed origins and exposes Client-Version and set-auth-token', async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/portal/isMaintenance',
        headers: { origin: 'https://play.example.com', 'access-control-request-method': 'POST' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://play.example.com');

      const actual = await t.app.inject({
        method: 'POST',
        url: '/api/portal/isMaintenance',
        headers: { origin: 'https://play.example.com' },
      });
      const exposed = String(actual.headers['access-control-expose-headers']);
      expect(exposed).toContain('Client-Version');
      expect(exposed).toContain('set-auth-token');
    });

    it('refuses origins that are not listed', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/portal/isMaintenance',
        headers: { origin: 'https://evil.example.net' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('sends security headers with a CSP that allows no inline script', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends HSTS only where the portal is public over https (RFC 6797: never over plain http)', () => {
      const over = (publicUrl: string) => ({
        page: securityHeaders({ ...t.config, publicUrl })['strict-transport-security'],
        api: apiSecurityHeaders({ ...t.config, publicUrl })['strict-transport-security'],
      });
      expect(over('https://portal.example.com')).toEqual({
        page: 'max-age=31536000; includeSubDomains',
        api: 'max-age=31536000; includeSubDomains',
      });
      expect(over('http://localhost:3000')).toEqual({ page: undefined, api: undefined });
    });

    it('reports health with the database', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, version: t.config.version });
    });
  });

  describe('operator CLI', () => {
    it('turns maintenance on with a message, and the action answers it, with audit rows', async () => {
      const on = await admin('maintenance', 'on', '--message', 'Back at 18:00 UTC');
      expect(on.exitCode).toBe(0);
      expect(await t.call('isMaintenance')).toEqual({
        iErrorCode: 0,
        bMaintenance: true,
        sMessage: 'Back at 18:00 UTC',
      });
      const off = await admin('maintenance', 'off');
      expect(off.exitCode).toBe(0);
      expect(await t.call('isMaintenance')).toMatchObject({ bMaintenance: false });
      const audit = await listAudit(t.deps.db, 2);
      expect(audit.map((row) => row.action)).toEqual(['maintenance.off', 'maintenance.on']);
      expect(audit.every((row) => row.actor === 'test:operator')).toBe(true);
      expect(JSON.parse(audit[1]?.detail ?? '{}')).toEqual({ bMaintenance: true, sMessage: 'Back at 18:00 UTC' });
    });

    it('sets and lists flags, and getFlags follows the database', async () => {
      expect((await admin('flags', 'set', 'bRewardStore', 'off')).exitCode).toBe(0);
      expect((await t.call('getFlags')).pFlags).toMatchObject({ bRewardStore: false });
      const list = await admin('flags', 'list');
      expect(list.output).toMatch(/bRewardStore\s+off/);
      expect(list.output).toMatch(/bChat\s+on/);
      await admin('flags', 'set', 'bRewardStore', 'on');
      const [last] = await listAudit(t.deps.db, 1);
      expect(last).toMatchObject({ action: 'flags.set', actor: 'test:operator' });
      expect(JSON.parse(last?.detail ?? '{}')).toEqual({ name: 'bRewardStore', on: true });
    });

    it('refuses unknown flags and values with usage and exit code 2, writing nothing', async () => {
      const before = (await listAudit(t.deps.db, 1))[0]?.id;
      expect(await admin('flags', 'set', 'bNope', 'on')).toMatchObject({ exitCode: 2 });
      expect(await admin('flags', 'set', 'bChat', 'maybe')).toMatchObject({ exitCode: 2 });
      expect(await admin('nonsense')).toMatchObject({ exitCode: 2 });
      expect((await listAudit(t.deps.db, 1))[0]?.id).toBe(before);
    });
  });

  describe('dev outbox', () => {
    it('lists stored mail newest last with links', async () => {
      await t.deps.mailer.send({ to: 'a@example.com', subject: 'First', text: 'see https://x.test/a?b=1', html: '' });
      await t.deps.mailer.send({
        to: 'b@example.com',
        subject: 'Second',
        text: 'plain',
        html: '<a href="http://localhost:3000/authaction?mode=verifyEmail&amp;token=abc">go</a>',
      });
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      const { aMail } = response.json() as { aMail: Array<{ subject: string; links: string[] }> };
      expect(aMail.slice(-2).map((m) => m.subject)).toEqual(['First', 'Second']);
      expect(aMail.at(-1)?.links).toEqual(['http://localhost:3000/authaction?mode=verifyEmail&token=abc']);
      expect(aMail.at(-2)?.links).toEqual(['https://x.test/a?b=1']);
    });
  });
});

describe('production and static serving', () => {
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(webDist, 'index.html.br'), 'br-bytes');
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.gz'), 'gz-bytes');
    writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '9.9.9+test' }));
  });

  async function productionApp(env: Record<string, string> = {}) {
    const database = await createTestDb('sqlite');
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      LOG_LEVEL: 'silent',
      WEB_DIST: webDist,
      ...env,
    });
    return buildApp({ config, database });
  }

  it('reads named rate-limit overrides from RATE_LIMITS and refuses a malformed one', () => {
    const config = loadConfig({ RATE_LIMITS: '{"signInPerEmail":{"max":20,"windowMs":1200000}}' });
    expect(config.rateLimits).toEqual({ signInPerEmail: { max: 20, windowMs: 1_200_000 } });
    expect(loadConfig({}).rateLimits).toBeUndefined();
    expect(() => loadConfig({ RATE_LIMITS: '{"signInPerEmail":{"max":0,"windowMs":1}}' })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ RATE_LIMITS: 'not json' })).toThrow(/RATE_LIMITS/);
  });

  it('refuses to start in production without AUTH_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('has no dev outbox in production, and reads the build version', async () => {
    const { app } = await productionApp();
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['client-version']).toBe('9.9.9+test');
    await app.close();
  });

  it('serves index.html for every route of docs/product.md §2 with no-cache, and pre-compressed hashed assets for a year', async () => {
    const { app } = await productionApp();
    for (const route of ['/', '/login', '/inventory/collectibles', '/rewardstore', '/viewer']) {
      const response = await app.inject({ method: 'GET', url: `${route}?sCode=abc` });
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expect(response.body, route).toContain('<title>portal</title>');
    }
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('gz-bytes');
    await app.close();
  });

  it("serves index.html for every path of the operators' console, and nothing for a look-alike path", async () => {
    const { app } = await productionApp();
    for (const route of ['/console', '/console/', '/console/welcome?token=t', '/console/members/u-1']) {
      const response = await app.inject({ method: 'GET', url: route });
      expect(response.statusCode, route).toBe(200);
      expect(response.headers['cache-control'], route).toBe('no-cache');
      expect(response.body, route).toContain('<title>portal</title>');
    }
    expect((await app.inject({ method: 'GET', url: '/consoles' })).statusCode).toBe(404);
    await app.close();
  });

  it("serves a route's prerendered document where the build made one, with no-cache and pre-compressed", async () => {
    const prerendered = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    writeFileSync(path.join(prerendered, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(prerendered, 'login.html'), '<!doctype html><title>Log In · portal</title>');
    writeFileSync(path.join(prerendered, 'login.html.br'), 'br-login');
    const { app } = await productionApp({ WEB_DIST: prerendered });
    for (const url of ['/login', '/login/', '/login?sCode=abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>Log In · portal</title>');
    }
    const compressed = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toBe('br-login');
    // A route without its own document, and HEAD, keep index.html; other methods pass the hook by.
    expect((await app.inject({ method: 'GET', url: '/register' })).body).toContain('<title>portal</title>');
    expect((await app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    await app.close();
  });

  it('with only its own origin allowed (the default), sends no CORS headers and still refuses other origins', async () => {
    const { app } = await productionApp({ PUBLIC_URL: 'https://portal.example.com' });
    const own = await app.inject({
      method: 'POST',
      url: '/api/portal/isMaintenance',
      headers: { origin: 'https://portal.example.com' },
    });
    expect(own.json()).toMatchObject({ iErrorCode: 0 });
    expect(own.headers['access-control-expose-headers']).toBeUndefined();
    expect(own.headers.vary).toBeUndefined();
    const foreign = await app.inject({
      method: 'OPTIONS',
      url: '/api/portal/isMaintenance',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const called = await app.inject({
      method: 'POST',
      url: '/api/portal/isMaintenance',
      headers: { origin: 'https://evil.example.net' },
    });
    expect(called.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('answers unknown pages with the app shell and 404, unknown API paths with a JSON 404', async () => {
    const { app } = await productionApp();
    const page = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>portal</title>');
    const api = await app.inject({ method: 'GET', url: '/api/no/such' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ iErrorCode: 404 });
    await app.close();
  });
});
