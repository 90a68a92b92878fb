import { createServer } from 'node:http';
import { HAPROXY, startHaproxy } from '../scripts/haproxy';
import { prepareDatabase } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/index';
import { balancedServer, type Instance, startInstance } from '../tests/support/instances';
import type { Figure } from './measures';
import type { Load } from './run';
import { postgresBenchDatabase } from './support';

/**
 * `npm run bench -- scale`: getUserData through HAProxy (deploy/haproxy.cfg.template) with one and
 * with two instances on PostgreSQL, as ratios to a bare node:http JSON server behind the same
 * HAProxy in the same run. Ports 3390–3395.
 */
const PORTS = { bare: 3390, lbBare: 3391, i1: 3392, i2: 3393, lb1: 3394, lb2: 3395 };

export async function measureScale(load: Load): Promise<Figure[]> {
  if (!HAPROXY) return [{ label: 'skipped: haproxy is not installed', value: Number.NaN, unit: '' }];
  const database = await postgresBenchDatabase();
  if (!database) return [{ label: 'skipped: set TEST_DATABASE_URL (PostgreSQL)', value: Number.NaN, unit: '' }];
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const prepared = openDatabase(database.url);
    await prepareDatabase(prepared, loadConfig({ NODE_ENV: 'test' }, { databaseUrl: database.url }), Date.now());
    await prepared.close();

    const bare = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ iErrorCode: 0, bMaintenance: false, sMessage: '' }));
    });
    await new Promise<void>((resolve) => bare.listen(PORTS.bare, '127.0.0.1', resolve));
    stops.push(() => new Promise((resolve) => bare.close(resolve)));
    const lbBare = await startHaproxy({
      port: PORTS.lbBare,
      servers: [{ name: 'bare', address: `127.0.0.1:${PORTS.bare}` }],
    });
    stops.push(() => lbBare.stop());
    const baseline = await load(`http://127.0.0.1:${PORTS.lbBare}/`);

    const env = {
      DATABASE_URL: database.url,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      REDIS_PREFIX: `bench${Date.now().toString(36)}`,
      AUTH_SECRET: 'bench-scale-secret-bench-scale-secret-01',
      PUBLIC_URL: `http://127.0.0.1:${PORTS.lb2}`,
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'error',
      WEB_DIST: 'dist/none',
    };
    const i1 = await startInstance('i1', PORTS.i1, env);
    stops.push(() => i1.kill('SIGKILL'));
    const token = await benchMember(i1);
    const lb1 = await startHaproxy({ port: PORTS.lb1, servers: [balancedServer(i1)] });
    stops.push(() => lb1.stop());
    const request = {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    };
    const one = await load(`http://127.0.0.1:${PORTS.lb1}/api/portal/getUserData`, request);

    const i2 = await startInstance('i2', PORTS.i2, env);
    stops.push(() => i2.kill('SIGKILL'));
    const lb2 = await startHaproxy({ port: PORTS.lb2, servers: [balancedServer(i1), balancedServer(i2)] });
    stops.push(() => lb2.stop());
    const two = await load(`http://127.0.0.1:${PORTS.lb2}/api/portal/getUserData`, request);

    return [
      { label: 'bare node:http behind HAProxy', value: baseline.rps, unit: 'req/s', note: `p99 ${baseline.p99} ms` },
      { label: 'getUserData, 1 instance', value: one.rps, unit: 'req/s', note: `p99 ${one.p99} ms` },
      { label: '  ratio to bare', value: one.rps / baseline.rps, unit: '×', digits: 3 },
      { label: 'getUserData, 2 instances', value: two.rps, unit: 'req/s', note: `p99 ${two.p99} ms` },
      { label: '  ratio to bare', value: two.rps / baseline.rps, unit: '×', digits: 3 },
      {
        label: '2 instances / 1 instance',
        value: two.rps / one.rps,
        unit: '×',
        digits: 2,
        note: 'on 2 cores shared with HAProxy, PostgreSQL and the load generator',
      },
    ];
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await database.drop();
  }
}

async function benchMember(instance: Instance): Promise<string> {
  const email = `scale-${Date.now().toString(36)}@example.com`;
  const signUp = await fetch(`${instance.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'scale' }),
  });
  const token = signUp.headers.get('set-auth-token') ?? '';
  const registered = await fetch(`${instance.url}/api/portal/registerUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    body: new URLSearchParams({ sUserName: `scale_${Date.now().toString(36)}` }),
  });
  const answer = (await registered.json()) as { iErrorCode: number };
  if (answer.iErrorCode !== 0) throw new Error(`bench member not registered: ${JSON.stringify(answer)}`);
  return token;
}
