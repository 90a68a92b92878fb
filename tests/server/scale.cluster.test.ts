import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY, type RunningHaproxy, startHaproxy } from '../../scripts/haproxy';
import { CLOSE_SESSION_ENDED } from '../../src/protocol/chat';
import { ErrorCode } from '../../src/protocol/errors';
import { prepareDatabase } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { addStoreItem } from '../../src/server/features/store/manage';
import { ChatClient } from '../support/chat';
import { createTestDb, type TestDb } from '../support/db';
import { balancedServer, type Instance, startInstance } from '../support/instances';
import { ledgerProblems } from '../support/ledgerAudit';
import { consoleCall, enrolledOperator, type RemotePortal } from '../support/operators';
import { storeProblems } from '../support/storeHelpers';

/**
 * Several instances as one portal (docs/deploy.md): two real server processes on one PostgreSQL
 * and one Redis behind a real HAProxy rendered from deploy/haproxy.cfg.template. Runs only where
 * both are configured (TEST_DATABASE_URL and REDIS_URL, as .ci/run sets them) and HAProxy is installed.
 */
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.REDIS_URL;
const LB_PORT = 3380;
const PORTS = [3381, 3382];
/** Each instance's HEALTH_PORT, where HAProxy's checks go (decision 0263). */
const CHECK_PORTS = [3386, 3387];
const LB = `http://127.0.0.1:${LB_PORT}`;
const METRICS_TOKEN = 'scale-metrics-token-0123456789';
const LEASE_MS = 2000;
/** Each instance's status snapshot interval: one silent for three of them has left the status page. */
const STATUS_MS = 500;
const PASSWORD = 'correct horse battery staple';
const FREE_ITEM = 'scale-free-ticket';
const exec = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let ips = 0;
/** Every logical client comes from its own address (X-Forwarded-For through HAProxy), like members do. */
const nextIp = () => {
  ips++;
  return `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`;
};

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function post(
  base: string,
  path: string,
  fields: Record<string, unknown>,
  o: { token?: string; ip: string; json?: boolean },
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': o.json ? 'application/json' : 'application/x-www-form-urlencoded',
      'x-forwarded-for': o.ip,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    body: o.json
      ? JSON.stringify(fields)
      : new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { status: response.status, body, headers: response.headers };
}

const action = (base: string, name: string, fields: Record<string, unknown>, o: { token?: string; ip: string }) =>
  post(base, `/api/portal/${name}`, fields, o);

async function signUp(base: string, label: string, ip: string) {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await post(
    base,
    '/api/auth/sign-up/email',
    { email, password: PASSWORD, name: label },
    { ip, json: true },
  );
  const token = answer.headers.get('set-auth-token');
  const user = answer.body.user as { id: string } | undefined;
  if (answer.status !== 200 || !token || !user)
    throw new Error(`sign-up ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { email, token, userId: user.id };
}

async function member(base: string, label: string) {
  const ip = nextIp();
  const account = await signUp(base, label, ip);
  const userName = `${label}_${Math.random().toString(36).slice(2, 8)}`;
  const registered = await action(base, 'registerUser', { sUserName: userName }, { token: account.token, ip });
  if (registered.body.iErrorCode !== 0) throw new Error(`registerUser: ${JSON.stringify(registered.body)}`);
  return { ...account, ip, userName };
}

async function metricsOf(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return response.text();
}

function counter(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

async function instanceId(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/readyz`);
  return ((await response.json()) as { instance: string }).instance;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.runIf(PG && REDIS && HAPROXY)('two instances behind HAProxy on PostgreSQL and Redis', () => {
  let database: TestDb;
  let instances: Instance[] = [];
  let lb: RunningHaproxy;
  const prefix = `scale${Date.now().toString(36)}`;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDb('postgres');
    // Schema and content once, before the instances start (each would also do it, one at a time).
    await prepareDatabase(database, loadConfig({ NODE_ENV: 'test' }, { databaseUrl: database.url }), Date.now());
    const added = await addStoreItem(
      database.db,
      FREE_ITEM,
      { kind: 'tickets', tickets: 1, name: 'Free ticket', price: 0 },
      { actor: 'test', now: Date.now() },
    );
    if (!added.ok) throw new Error(added.problem);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS as string,
      REDIS_PREFIX: prefix,
      PUBLIC_URL: LB,
      AUTH_SECRET: 'scale-test-secret-scale-test-secret-0123',
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '120',
      RATE_LIMIT_SCALE: '100',
      // Long: a change must reach the other instance through the bus, not by the cache expiring.
      SETTINGS_CACHE_MS: '60000',
      METRICS_TOKEN,
      JOB_LEASE_MS: String(LEASE_MS),
      MINT_INTERVAL_MS: '300',
      MINT_DELAY_MS: '0',
      RAFFLE_INTERVAL_MS: '300',
      STATUS_INTERVAL_MS: String(STATUS_MS),
      WEB_DIST: 'dist/none',
    };
    instances = await Promise.all(
      PORTS.map((port, i) => startInstance(`i${i + 1}`, port, env, { healthPort: CHECK_PORTS[i] as number })),
    );
    lb = await startHaproxy({ port: LB_PORT, servers: instances.map(balancedServer) });
  }, 120_000);

  /** An instance (or HAProxy) as the operator reaches it: its HTTP routes, and the operator tool run as a process. */
  const remote = (url: string): RemotePortal => ({
    url,
    async admin(...args) {
      try {
        const { stdout } = await exec('node', ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
          env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
        });
        return { exitCode: 0, output: stdout.trim() };
      } catch (error) {
        const failed = error as { code?: number; stdout?: string; stderr?: string };
        return { exitCode: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
      }
    },
  });
  /** The ban test's operator's console token: the status tests read with it. */
  let statusViewer = '';
  const statusIds = async (through: string) => {
    const answer = await consoleCall(remote(through), 'statusInstances', {}, statusViewer);
    return (answer.aInstances as Array<{ sInstanceID: string }>).map((i) => i.sInstanceID).sort();
  };

  afterAll(async () => {
    await lb?.stop();
    await Promise.all(instances.map((instance) => instance.kill('SIGKILL')));
    await database?.drop();
  });

  it('serves a member signed in through one instance from the other, and through HAProxy', async () => {
    const [a, b] = instances as [Instance, Instance];
    const m = await member(a.url, 'across');
    const signedIn = await post(
      b.url,
      '/api/auth/sign-in/email',
      { email: m.email, password: PASSWORD },
      { ip: m.ip, json: true },
    );
    const token = signedIn.headers.get('set-auth-token') as string;
    expect(token).toBeTruthy();
    const onA = await action(a.url, 'getUserData', {}, { token, ip: m.ip });
    expect(onA.body).toMatchObject({ iErrorCode: 0, pUserData: { sUserName: m.userName } });
    for (let i = 0; i < 4; i++) {
      const through = await action(LB, 'getUserData', {}, { token: m.token, ip: m.ip });
      expect(through.body).toMatchObject({ iErrorCode: 0, pUserData: { sUserName: m.userName } });
    }
    // HAProxy spread them over both instances.
    for (const instance of instances) {
      expect(
        counter(
          await metricsOf(instance),
          'portal_request_duration_seconds_count',
          'action="portal/getUserData",status="200"',
        ),
      ).toBeGreaterThan(0);
    }
  });

  it('answers the balancer’s checks on each instance’s HEALTH_PORT from the instance itself', async () => {
    for (const instance of instances) {
      const checked = await fetch(`http://127.0.0.1:${instance.healthPort}/healthz`);
      expect(checked.status).toBe(200);
      expect(await checked.json()).toMatchObject({ ok: true });
      const viaCheckPort = (await (await fetch(`http://127.0.0.1:${instance.healthPort}/readyz`)).json()) as {
        instance: string;
      };
      const viaOwnPort = (await (await fetch(`${instance.url}/readyz`)).json()) as { instance: string };
      expect(viaCheckPort.instance).toBe(viaOwnPort.instance);
    }
  });

  it('shows a flag set through the operator tool on both instances within a second', async () => {
    const ip = nextIp();
    for (const instance of instances) {
      const flags = await action(instance.url, 'getFlags', {}, { ip });
      expect(flags.body.pFlags).toMatchObject({ bShowBlockchainID: false });
    }
    await exec('node', ['--import', 'tsx', 'src/server/cli/admin.ts', 'flags', 'set', 'bShowBlockchainID', 'on'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    });
    const seen = await until(
      async () => {
        const answers = await Promise.all(instances.map((i) => action(i.url, 'getFlags', {}, { ip })));
        return answers.every((answer) => (answer.body.pFlags as { bShowBlockchainID: boolean }).bShowBlockchainID);
      },
      1000,
      'the flag on both instances',
    );
    console.log(`flag seen on both instances ${seen} ms after the operator tool exited`);
  });

  it('carries a chat message from a member on one instance to a member on the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const alice = await member(a.url, 'alice');
    const bob = await member(b.url, 'bob');
    await database.db
      .updateTable('user')
      .set({ emailVerified: true })
      .where('id', 'in', [alice.userId, bob.userId])
      .execute();
    const onA = await ChatClient.signedIn({ wsBase: `ws://127.0.0.1:${a.port}`, origin: LB }, alice);
    const onB = await ChatClient.signedIn({ wsBase: `ws://127.0.0.1:${b.port}`, origin: LB }, bob);
    // And one through HAProxy's WebSocket pass-through.
    const viaLb = await ChatClient.signedIn({ wsBase: `ws://127.0.0.1:${LB_PORT}`, origin: LB }, bob);
    const id = await onA.say('general', 'Hello across instances');
    expect((await onB.next('message', (f) => f.pMessage.iMessageID === id)).pMessage.sText).toBe(
      'Hello across instances',
    );
    await viaLb.next('message', (f) => f.pMessage.iMessageID === id);
    for (const client of [onA, onB, viaLb]) client.socket.close();
  });

  it("a ban through instance A's console closes the member's chat socket on instance B within 2 s", async () => {
    const [a, b] = instances as [Instance, Instance];
    const onA = remote(a.url);
    const operator = await enrolledOperator(onA, 'admin@studio.example', 'admin');
    statusViewer = operator.token;
    const m = await member(b.url, 'banned');
    await database.db.updateTable('user').set({ emailVerified: true }).where('id', '=', m.userId).execute();
    const socket = await ChatClient.signedIn({ wsBase: `ws://127.0.0.1:${b.port}`, origin: LB }, m);

    const at = Date.now();
    expect(await consoleCall(onA, 'memberBan', { sUserID: m.userId, sReason: 'Cheating' }, operator.token)).toEqual({
      iErrorCode: 0,
    });
    const closed = await Promise.race([socket.closed, sleep(Math.max(0, at + 2000 - Date.now())).then(() => null)]);
    expect(closed).toMatchObject({ code: CLOSE_SESSION_ENDED });
    // Whichever instance HAProxy picks, the member's token no longer reaches their data.
    for (let i = 0; i < 4; i++) {
      const through = await action(LB, 'getUserData', {}, { token: m.token, ip: m.ip });
      expect([ErrorCode.MEMBER_BANNED, ErrorCode.NOT_SIGNED_IN]).toContain(through.body.iErrorCode);
    }
  }, 60_000);

  it('counts one per-IP rate limit across both instances', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await action(LB, 'getCollections', {}, { ip })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
    // The settings every page load reads are answered, not counted, past the limit too.
    expect((await action(LB, 'getFlags', {}, { ip })).status).toBe(200);
  });

  it('runs the mint and raffle jobs on one instance only', async () => {
    // Counted over a window after start-up: a leader slowed past its lease while starting may have
    // handed over once, which is the lease doing its job, not a job running twice.
    const runs = async (job: string) =>
      (await Promise.all(instances.map(metricsOf))).map((text) =>
        counter(text, 'portal_job_runs_total', `job="${job}",outcome="ok"`),
      );
    const ids = await Promise.all(instances.map(instanceId));
    const before = { mint: await runs('mint'), raffle: await runs('raffle') };
    await sleep(1500);
    for (const job of ['mint', 'raffle'] as const) {
      const after = await runs(job);
      const ran = after.map((n, i) => n - (before[job][i] as number));
      expect(
        ran.filter((n) => n > 0),
        `${job}: ok runs per instance in the window ${ran}`,
      ).toHaveLength(1);
      const holder = await database.db
        .selectFrom('job_lease')
        .select('holder')
        .where('name', '=', job)
        .executeTakeFirstOrThrow();
      expect(holder.holder).toBe(ids[ran.findIndex((n) => n > 0)]);
    }
  });

  it('shows both instances on the status page with their figures, and each job with its one leader', async () => {
    const ids = (await Promise.all(instances.map(instanceId))).sort();
    // Through HAProxy: whichever instance answers has heard the other's snapshot over Redis.
    await until(async () => (await statusIds(LB)).join() === ids.join(), STATUS_MS * 3 + 2000, 'both instances');
    for (const instance of instances) expect(await statusIds(instance.url)).toEqual(ids);
    const answer = await consoleCall(remote(LB), 'statusInstances', {}, statusViewer);
    expect(answer).toMatchObject({ iErrorCode: 0, sTransport: 'redis', iIntervalMs: STATUS_MS });
    for (const row of answer.aInstances as Array<Record<string, unknown>>) {
      expect(row).toMatchObject({
        sState: 'ready',
        sVersion: expect.any(String),
        pDbPool: { iTotal: expect.any(Number) },
      });
      expect(row.iUptimeMs).toBeGreaterThan(0);
    }
    // The rate covers the time since the instance's previous snapshot (STATUS_MS): ask each instance
    // something, then read the snapshots, until both counted requests (">= 0" held for a dead figure too).
    const rates = async () => {
      await Promise.all(instances.map((instance) => statusIds(instance.url)));
      const now = await consoleCall(remote(LB), 'statusInstances', {}, statusViewer);
      return (now.aInstances as Array<{ fRequestsPerSecond: number }>).map((row) => row.fRequestsPerSecond);
    };
    await until(async () => (await rates()).every((rate) => rate > 0), STATUS_MS * 10 + 2000, 'request rates');
    const jobs = await consoleCall(remote(LB), 'statusJobs', {}, statusViewer);
    const mint = (jobs.aJobs as Array<{ sName: string; sLeader: string; pLastRun: { sInstanceID: string } }>).find(
      (j) => j.sName === 'mint',
    );
    expect(ids).toContain(mint?.sLeader);
    expect(mint?.pLastRun.sInstanceID).toBe(mint?.sLeader);
  });

  it('keeps every acknowledged request whole through a killed instance, dropped PostgreSQL connections and a Redis reset', async () => {
    const ids = await Promise.all(instances.map(instanceId));
    const leaseHolder = async (name: string) =>
      (await database.db.selectFrom('job_lease').select('holder').where('name', '=', name).executeTakeFirst())?.holder;
    const leaderIndex = ids.indexOf((await leaseHolder('mint')) as string);
    expect(leaderIndex).toBeGreaterThanOrEqual(0);
    const leader = instances[leaderIndex] as Instance;
    const survivor = instances[1 - leaderIndex] as Instance;

    const registered: Array<{ userId: string; at: number }> = [];
    const purchases: Array<{ userId: string; key: string; at: number }> = [];
    const failures: string[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let n = 0; running; n++) {
        let m: Awaited<ReturnType<typeof member>>;
        try {
          m = await member(LB, `load${w}`);
        } catch (error) {
          failures.push(String(error).slice(0, 120));
          continue;
        }
        registered.push({ userId: m.userId, at: Date.now() });
        // One purchase the member means to make: retried with the same key until acknowledged.
        const key = `scale-${w}-${n}-${Math.random().toString(36).slice(2, 10)}`;
        for (let attempt = 0; attempt < 20 && running; attempt++) {
          try {
            const answer = await action(
              LB,
              'buyStoreItem',
              { sStoreItemID: FREE_ITEM, iQuantity: 1, sIdempotencyKey: key },
              { token: m.token, ip: m.ip },
            );
            if (answer.status === 200 && answer.body.iErrorCode === 0) {
              purchases.push({ userId: m.userId, key, at: Date.now() });
              break;
            }
            failures.push(`buy ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`);
          } catch (error) {
            failures.push(String(error).slice(0, 120));
          }
          await sleep(100);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const acksSince = (t: number) => purchases.filter((p) => p.at > t).length;

    await sleep(2500);
    const killedAt = Date.now();
    await leader.kill('SIGKILL');
    await sleep(3000);
    const state = () =>
      `${registered.length} registered, ${purchases.length} bought (${purchases.map((p) => p.at - killedAt).join(',')}); failures: ${failures.slice(-6).join(' | ')}`;
    expect(acksSince(killedAt), `purchases after the SIGKILL: ${state()}`).toBeGreaterThan(0);
    await until(
      async () => (await leaseHolder('mint')) === ids[1 - leaderIndex],
      LEASE_MS + 3000,
      'the lease to pass over',
    );
    const takeover = Date.now() - killedAt;
    expect(await leaseHolder('raffle')).toBe(ids[1 - leaderIndex]);
    // The status page: the killed instance leaves it within three status intervals.
    await until(
      async () => (await statusIds(survivor.url)).join() === ids[1 - leaderIndex],
      STATUS_MS * 3 + 2000,
      'the killed instance to leave the status page',
    );

    const pgResetAt = Date.now();
    const terminated = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db);
    await sleep(2500);
    expect(
      acksSince(pgResetAt),
      `purchases after PostgreSQL dropped every connection; exit ${survivor.process.exitCode} ${survivor.process.signalCode}; ${failures.slice(-2).join(' | ')}; ${survivor
        .output()
        .replace(/\{"level"[^\n]*\n/g, '')
        .slice(-3000)}`,
    ).toBeGreaterThan(0);

    const redis = new Redis(REDIS as string);
    const clients = (await redis.client('LIST')) as string;
    const ours = clients.split('\n').filter((line) => line.includes(` name=${prefix}:`));
    for (const line of ours)
      await redis.client('KILL', 'ID', (/\bid=(\d+)/.exec(line) as RegExpExecArray)[1] as string);
    await redis.quit();
    const redisResetAt = Date.now();
    await sleep(2500);
    expect(acksSince(redisResetAt), 'purchases after Redis dropped every connection').toBeGreaterThan(0);

    running = false;
    await Promise.all(workers);
    await until(async () => (await fetch(`${survivor.url}/readyz`)).ok, 5000, 'the survivor ready again (Redis back)');

    // Every acknowledged request is complete in the database; nothing is half done.
    const members = new Set((await database.db.selectFrom('member').select('user_id').execute()).map((r) => r.user_id));
    expect(registered.filter((r) => !members.has(r.userId))).toEqual([]);
    const rows = await database.db
      .selectFrom('store_purchase')
      .select(['client_key', 'user_id', 'error_code'])
      .execute();
    const done = new Map(rows.map((r) => [r.client_key, r]));
    expect(purchases.filter((p) => done.get(p.key)?.error_code !== 0 || done.get(p.key)?.user_id !== p.userId)).toEqual(
      [],
    );
    expect(await storeProblems(database.db)).toEqual([]);
    expect(await ledgerProblems(database.db)).toEqual([]);
    console.log(
      `fault test: ${registered.length} registrations and ${purchases.length} purchases acknowledged, ` +
        `${failures.length} failed attempts retried or dropped; the lease had passed over ${takeover} ms after the SIGKILL (lease ${LEASE_MS} ms); ` +
        `${terminated.rows[0]?.n} PostgreSQL backends terminated; ${ours.length} Redis connections killed`,
    );
  }, 90_000);

  it('on SIGTERM closes WebSockets with 1012 (reconnect), releases its leases and exits 0', async () => {
    const third = await startInstance('i3', 3383, { ...env, JOB_LEASE_MS: '60000' });
    instances.push(third);
    const id = await instanceId(third);
    const m = await member(third.url, 'leaving');
    await database.db.updateTable('user').set({ emailVerified: true }).where('id', '=', m.userId).execute();
    const socket = await ChatClient.signedIn({ wsBase: `ws://127.0.0.1:${third.port}`, origin: LB }, m);
    // Give it a lease, as if it led a job.
    await database.db
      .insertInto('job_lease')
      .values({ name: 'scale.sigterm', holder: id, expires_at: Date.now() + 60_000 })
      .execute();
    third.process.kill('SIGTERM');
    expect(await socket.closed).toMatchObject({ code: 1012 });
    expect(await third.exited).toBe(0);
    expect(await database.db.selectFrom('job_lease').select('name').where('holder', '=', id).execute()).toEqual([]);
  });
});
