import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/index';
import { createAuth } from '../../src/server/features/identity/auth';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { enrolledOperator } from '../support/operators';
import { register, signUp } from '../support/rewardsHelpers';

/**
 * Every action the router serves and every Better Auth route, fed what an attacker or a broken
 * client sends. Nothing may answer 5xx, and every answer under /api is in the protocol's shape:
 * a JSON object with a numeric iErrorCode, and a sentence (sMessage) whenever it is not 0.
 * New actions are fuzzed without editing this file: it reads the action list.
 */
const HUGE = 'x'.repeat(1024 * 1024);
const WEIRD_VALUES = [
  '',
  'x',
  '-1',
  '0',
  '1e400',
  'NaN',
  'null',
  'true',
  'a\u0000b',
  '💀'.repeat(50),
  'x'.repeat(5000),
];
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

interface Probe {
  label: string;
  contentType?: string;
  payload?: string;
}

function formProbes(fields: string[]): Probe[] {
  const form = 'application/x-www-form-urlencoded';
  const probes: Probe[] = [
    { label: 'empty form', contentType: form, payload: '' },
    { label: 'no body' },
    { label: '1 MB form', contentType: form, payload: `${fields[0] ?? 'x'}=${HUGE}` },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
    { label: 'multipart', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
    { label: 'xml', contentType: 'application/xml', payload: '<a/>' },
    { label: 'broken json', contentType: 'application/json', payload: '{"a":' },
    { label: 'deep json', contentType: 'application/json', payload: `{"a":${DEEP}}` },
    { label: 'json array', contentType: 'application/json', payload: '[1,2,3]' },
    { label: 'proto json', contentType: 'application/json', payload: '{"__proto__":{"x":1},"constructor":{}}' },
  ];
  for (const field of fields) {
    probes.push({ label: `${field} repeated`, contentType: form, payload: `${field}=1&${field}=2` });
    probes.push({
      label: `${field} as json object`,
      contentType: 'application/json',
      payload: JSON.stringify({ [field]: { nested: [1, { deeper: true }] } }),
    });
    for (const value of WEIRD_VALUES) {
      probes.push({
        label: `${field}=${JSON.stringify(value.slice(0, 12))}`,
        contentType: form,
        payload: new URLSearchParams({ [field]: value }).toString(),
      });
    }
  }
  return probes;
}

function authProbes(): Probe[] {
  const json = 'application/json';
  const bodies: Array<[string, unknown]> = [
    ['empty object', {}],
    ['wrong types', { email: 1, password: [], name: {}, token: null, newPassword: 7, image: false }],
    ['nul bytes', { email: 'a\u0000@b.c', password: 'p\u0000assword1', name: 'n\u0000' }],
    ['huge', { email: `${HUGE}@x.y`, password: HUGE }],
  ];
  return [
    { label: 'no body' },
    ...bodies.map(([label, body]) => ({ label, contentType: json, payload: JSON.stringify(body) })),
    { label: 'deep json', contentType: json, payload: `{"email":${DEEP}}` },
    { label: 'broken json', contentType: json, payload: '{"email":' },
    { label: 'form body', contentType: 'application/x-www-form-urlencoded', payload: 'email=a@b.c&password=x' },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  ];
}

/** Every Better Auth route with its methods, read from Better Auth itself. */
function authRoutes(): Array<{ path: string; methods: string[] }> {
  const db = openDatabase('file::memory:');
  const auth = createAuth({
    config: loadConfig({ NODE_ENV: 'test' }),
    db: db.db,
    dialect: 'sqlite',
    mail: {} as never,
  });
  const routes = Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (!path) return [];
    const method = options?.method ?? 'POST';
    return [
      {
        path: path.replace(/:\w+/g, 'x'),
        methods: (Array.isArray(method) ? method : [method]).filter((m) => m !== '*'),
      },
    ];
  });
  void db.close();
  return routes;
}

function expectProtocolShape(where: string, status: number, body: string) {
  expect(status, `${where} answered ${status}: ${body.slice(0, 200)}`).toBeLessThan(500);
  if (status >= 300 && status < 400) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`${where} answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`);
  }
  if (Array.isArray(parsed)) return;
  const answer = parsed as { iErrorCode?: unknown; sMessage?: unknown };
  expect(typeof answer.iErrorCode, `${where}: ${body.slice(0, 200)}`).toBe('number');
  if (answer.iErrorCode !== 0) expect(typeof answer.sMessage, `${where}: ${body.slice(0, 200)}`).toBe('string');
}

describe.each(DIALECTS)('fuzzing every action and auth route on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    const member = await signUp(t, 'fuzzer');
    await register(t, { userId: member.userId });
    token = member.token;
  });
  afterAll(async () => t?.close());

  it('answers every action in the protocol shape, signed in, signed out and with a broken token', async () => {
    expect(t.actions.length).toBeGreaterThan(10);
    for (const action of t.actions) {
      await probeAction(`/api/${action.service}/${action.name}`, action.input, [undefined, token, 'broken.token']);
    }
  }, 240_000);

  it('answers every console action in the protocol shape: no token, broken, a member and an operator', async () => {
    expect(t.consoleActions.length).toBeGreaterThan(5);
    const operator = await enrolledOperator(t, 'fuzz.admin@studio.example', 'admin');
    // signOut last: it ends the operator's console session.
    const actions = [...t.consoleActions].sort((a, b) => Number(a.name === 'signOut') - Number(b.name === 'signOut'));
    for (const action of actions) {
      await probeAction(`/api/console/${action.name}`, action.input, [
        undefined,
        'broken.token',
        token,
        operator.token,
      ]);
    }
  }, 240_000);

  /** Sends every malformed body of `formProbes` to one action, with each bearer, and checks the answer's shape. */
  async function probeAction(url: string, input: unknown, bearers: Array<string | undefined>) {
    const shape = (input as { shape?: Record<string, unknown> }).shape ?? {};
    for (const bearer of bearers) {
      for (const probe of formProbes(Object.keys(shape))) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: {
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          },
          payload: probe.payload,
        });
        expectProtocolShape(
          `${url} (${probe.label}, ${bearer ? 'token' : 'no token'})`,
          response.statusCode,
          response.body,
        );
      }
    }
  }

  it('answers every Better Auth route in the protocol shape', async () => {
    const routes = authRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const { path, methods } of routes) {
      for (const method of methods) {
        for (const probe of method === 'GET' ? [{ label: 'get' }] : authProbes()) {
          for (const suffix of ['', '?token=%00&callbackURL=javascript:alert(1)']) {
            const response = await t.app.inject({
              method: method as 'GET' | 'POST',
              url: `/api/auth${path}${suffix}`,
              headers: {
                ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
                authorization: `Bearer ${token}`,
              },
              payload: probe.payload,
            });
            expectProtocolShape(
              `${method} /api/auth${path}${suffix} (${probe.label})`,
              response.statusCode,
              response.body,
            );
          }
        }
      }
    }
  }, 240_000);

  it('answers malformed and unknown paths under /api in the protocol shape', async () => {
    const paths = [
      '/api/portal/%E0%A4%A',
      `/api/portal/${'a'.repeat(300)}`,
      '/api/nope/x',
      '/api/portal/',
      '/api/auth/%zz',
      '/api/dev/outbox/x',
      '/api/console/',
      '/api/console/%E0%A4%A',
      '/api',
    ];
    for (const url of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url });
        expectProtocolShape(`${method} ${url}`, response.statusCode, response.body);
      }
    }
  });
});
