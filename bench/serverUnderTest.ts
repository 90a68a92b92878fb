/**
 * A server under test in a process of its own (bench/pinned.ts starts it on core 1): the bare
 * node:http JSON server (optionally doing `workUs` µs of CPU per request), bare Fastify with one
 * route, or the portal on a fresh database (SQLite, or DATABASE_URL). It answers the parent's
 * commands over IPC: its CPU time, and for the portal the setup a measure needs inside it.
 */
import { createServer, type Server } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { hashPassword, PASSWORD_WORKERS, verifyPassword } from '../src/server/features/identity/password';
import { applyGrant, grantDemoAgent } from '../src/server/features/rewards/index';
import { addStoreItem } from '../src/server/features/store/manage';
import { BENCH_PASSWORD, type BenchApp, benchApp, benchMember } from './support';

const [kind = 'bare', work = '0'] = process.argv.slice(2);
const workUs = Number(work);
const firstPort = Number(process.env.BENCH_PORT ?? 0);

/** Listens on the first free port of BENCH_PORT…3369 (the bench's range on a shared machine; any with 0). */
async function onFreePort<T>(listen: (port: number) => Promise<T>): Promise<T> {
  for (let port = firstPort; ; port++) {
    try {
      return await listen(port);
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || firstPort === 0 || port >= 3369) throw error;
    }
  }
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const BARE_ANSWER = JSON.stringify({ iErrorCode: 0, bMaintenance: false, sMessage: '' });

function cpuUs(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * How many password verifications per second this process's KDF does at 50 in flight, through
 * password.ts as sign-in uses it, and the CPU time each costs. Like autocannon, it counts what
 * finishes inside the window. The window opens after one hash, which waits behind any sign-in still queued.
 */
async function kdfCapacity(): Promise<{ perSecond: number; cpuMs: number }> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const before = cpuUs();
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let all = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await verifyPassword({ hash, password: BENCH_PASSWORD });
      all++;
      if (Date.now() <= until) done++;
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return { perSecond: done / SECONDS, cpuMs: (cpuUs() - before) / 1000 / all };
}

let close: () => Promise<unknown>;
let url: string;
let app: BenchApp | null = null;
if (kind === 'portal') {
  // The measure's configuration (startServer's env): a portal on PostgreSQL is given its DATABASE_URL here.
  const env = JSON.parse(process.env.BENCH_PORTAL_ENV ?? '{}') as Record<string, string>;
  app = await onFreePort((port) => benchApp({ port, env }));
  url = app.url;
  close = () => app?.close() ?? Promise.resolve();
} else if (kind === 'fastify') {
  const server = Fastify();
  server.post('/', (_req, reply) => {
    reply.type('application/json').send(BARE_ANSWER);
  });
  url = await onFreePort((port) => server.listen({ host: '127.0.0.1', port }));
  close = () => server.close();
} else {
  const server: Server = createServer((_req, res) => {
    if (workUs > 0) {
      const until = performance.now() + workUs / 1000;
      while (performance.now() < until);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BARE_ANSWER);
  });
  await onFreePort(
    (port) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
  );
  const address = server.address() as { port: number };
  url = `http://127.0.0.1:${address.port}`;
  close = () => new Promise((resolve) => server.close(resolve));
}

const delay = monitorEventLoopDelay({ resolution: 10 });

const commands: Record<string, (args: unknown) => Promise<unknown> | unknown> = {
  ready: () => ({ url, dialect: app?.deps.dialect }),
  cpu: () => cpuUs(),
  kdf: () => kdfCapacity(),
  kdfWorkers: () => PASSWORD_WORKERS,
  delayStart: () => {
    delay.reset();
    delay.enable();
    return null;
  },
  delayStop: () => {
    delay.disable();
    return delay.percentile(99) / 1e6;
  },
  /** A registered member (with the demo Agent when `agent`), as getUserData and sign-in load it. */
  member: async (args) => {
    const { email, agent } = args as { email: string; agent?: boolean };
    if (!app) throw new Error('not the portal');
    const member = await benchMember(app, email);
    if (agent) await grantDemoAgent(app.deps.db, member.userId, Date.now());
    return member;
  },
  /** A member with points enough for any load, and an unlimited store item of 1 ticket for 1 point (buyStoreItem). */
  buyer: async () => {
    if (!app) throw new Error('not the portal');
    const member = await benchMember(app, 'buyer@bench.local');
    const { db } = app.deps;
    const now = Date.now();
    const lines = [{ asset: 'points' as const, amount: 1e12 }];
    await applyGrant(db, { userId: member.userId, key: 'bench-points', reason: 'bench', lines, now });
    const item = { kind: 'tickets' as const, name: 'Bench tickets', tickets: 1, price: 1, member_limit: 1e9 };
    const added = await addStoreItem(db, 'bench-tickets', item, { actor: 'bench', now });
    if (!added.ok) throw new Error(added.problem);
    return member;
  },
  /**
   * A limited drop: `members` members with points enough for any load, each with their own bearer,
   * and one item of limited stock (more than a load takes) that each may buy without limit.
   */
  drop: async (args: unknown) => {
    if (!app) throw new Error('not the portal');
    const { members } = args as { members: number };
    const { db } = app.deps;
    const now = Date.now();
    const item = { kind: 'tickets' as const, name: 'Bench drop', tickets: 1, price: 1, member_limit: 1e9, stock: 1e9 };
    const added = await addStoreItem(db, 'bench-drop', item, { actor: 'bench', now });
    if (!added.ok) throw new Error(added.problem);
    const tokens: string[] = [];
    for (let i = 0; i < members; i++) {
      const member = await benchMember(app, `dropper${i}@bench.local`);
      const lines = [{ asset: 'points' as const, amount: 1e12 }];
      await applyGrant(db, { userId: member.userId, key: `bench-points:${i}`, reason: 'bench', lines, now });
      tokens.push(member.token);
    }
    return tokens;
  },
  /** Purchases completed so far (each answered request is one). */
  purchases: async () => {
    if (!app) throw new Error('not the portal');
    const bought = await app.deps.db
      .selectFrom('store_purchase')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('error_code', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(bought.n);
  },
  close: async () => {
    await close();
    setImmediate(() => process.exit(0));
    return null;
  },
};

process.on('message', async (message: { id: string; cmd: string; args: unknown }) => {
  try {
    const command = commands[message.cmd];
    if (!command) throw new Error(`unknown command ${message.cmd}`);
    process.send?.({ id: message.id, result: await command(message.args) });
  } catch (error) {
    process.send?.({ id: message.id, error: String(error) });
  }
});
