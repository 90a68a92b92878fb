/**
 * The bench's method (docs/decisions/0190-bench-pinned-processes-and-growth.md): the server under test runs in
 * a process of its own pinned to core 1, the load generator in another pinned to core 0, so a ratio
 * to the bare server measures the servers and not how one process shares two cores with its load.
 * Each load reports the server process's CPU time per request answered (every thread of it: the
 * password workers too), which other load on a shared machine moves least.
 * Without `taskset` (util-linux), with fewer than two cores or with BENCH_PIN=0, both run unpinned, with a warning.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const HERE = import.meta.dirname;
/** BENCH_NODE_FLAGS: flags for the servers under test, e.g. `--cpu-prof --cpu-prof-dir=prof` for a flame graph. */
const NODE = [process.execPath, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx'];

export const PINNING = (() => {
  if (process.env.BENCH_PIN === '0') return { ok: false, why: 'BENCH_PIN=0' };
  const taskset = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
  if (!taskset) return { ok: false, why: 'taskset (util-linux) is not installed' };
  if (availableParallelism() < 2) return { ok: false, why: 'fewer than two cores' };
  return { ok: true, why: 'server on core 1, load generator on core 0' };
})();

function pinnedSpawn(core: number, args: string[], env: Record<string, string> = {}): ChildProcess {
  const command = PINNING.ok ? ['taskset', '-c', String(core), ...NODE, ...args] : [...NODE, ...args];
  return spawn(command[0] as string, command.slice(1), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
}

/** One request to a child and its answer, over the IPC channel. */
function rpc<T>(child: ChildProcess, cmd: string, args: unknown = null): Promise<T> {
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve, reject) => {
    const onMessage = (message: { id?: string; result?: T; error?: string }) => {
      if (message.id !== id) return;
      cleanup();
      if (message.error) reject(new Error(message.error));
      else resolve(message.result as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`bench child exited (${code}) during ${cmd}`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.send({ id, cmd, args });
  });
}

export type ServerKind = 'bare' | 'fastify' | 'portal';

export interface ServerUnderTest {
  kind: ServerKind;
  url: string;
  /** A command the server's process runs (bench/serverUnderTest.ts). */
  run<T>(cmd: string, args?: unknown): Promise<T>;
  /** The process's CPU time so far (user + system, every thread), in µs. */
  cpuUs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts a server under test in its own process on core 1; `workUs`: the bare server's CPU per
 * request; `env`: the portal's configuration over bench/support.ts's (`DATABASE_URL`, say).
 */
export async function startServer(
  kind: ServerKind,
  options: { workUs?: number; env?: Record<string, string> } = {},
): Promise<ServerUnderTest> {
  const child = pinnedSpawn(1, [path.join(HERE, 'serverUnderTest.ts'), kind, String(options.workUs ?? 0)], {
    BENCH_PORT: process.env.BENCH_PORT ?? '3362',
    BENCH_PORTAL_ENV: JSON.stringify(options.env ?? {}),
  });
  const { url, dialect } = await rpc<{ url: string; dialect?: string }>(child, 'ready');
  const wanted = options.env?.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  if (kind === 'portal' && dialect !== wanted) {
    child.kill();
    throw new Error(`the portal under test runs on ${dialect}, not ${wanted}`);
  }
  return {
    kind,
    url,
    run: (cmd, args) => rpc(child, cmd, args),
    cpuUs: () => rpc<number>(child, 'cpu'),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await rpc(child, 'close').catch(() => undefined);
      await exited;
    },
  };
}

export interface LoadInit {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  idReplacement?: boolean;
  /** Bearer tokens, one per connection in turn (many members at once); else `headers` alone. */
  bearers?: readonly string[];
  /** false: no warm-up (work it leaves queued would run inside the measured window). */
  warmup?: boolean;
  connections?: number;
  seconds?: number;
  /** Seconds autocannon waits for an answer before it counts a timeout and sends again (its default 10). */
  timeout?: number;
  /** Also answer the median and 95th percentile of the answers' latencies (ms). */
  percentiles?: boolean;
}

export interface LoadRun {
  rps: number;
  p99: number;
  /** Requests answered in the measured window. */
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** With `percentiles`: of every answer inside the window, in ms. */
  p50?: number;
  p95?: number;
}

/** autocannon in its own process on core 0 (bench/loadGenerator.ts); `started` runs once it is ready, just before the load. */
export async function runLoad(url: string, init: LoadInit, started?: () => Promise<void>): Promise<LoadRun> {
  const child = pinnedSpawn(0, [path.join(HERE, 'loadGenerator.ts')]);
  try {
    await rpc(child, 'ready');
    await started?.();
    return await rpc<LoadRun>(child, 'load', { url, ...init });
  } finally {
    child.kill();
  }
}

export interface MeasuredLoad extends LoadRun {
  /** The server process's CPU time per request answered, in µs. */
  cpuUsPerRequest: number;
}

/**
 * A load on a server under test: one second of warm-up that is not counted (unless `warmup` is
 * false), then the measured window, with the server's CPU read on both sides of it.
 */
export async function measureLoad(server: ServerUnderTest, route: string, init: LoadInit = {}): Promise<MeasuredLoad> {
  const url = `${server.url}${route}`;
  if (init.warmup !== false) await runLoad(url, { ...init, seconds: 1 });
  let before = 0;
  const result = await runLoad(url, init, async () => {
    before = await server.cpuUs();
  });
  const cpu = (await server.cpuUs()) - before;
  return { ...result, cpuUsPerRequest: result.requests > 0 ? cpu / result.requests : Number.NaN };
}
