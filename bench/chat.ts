/**
 * `node --import tsx bench/chat.ts` (add --expose-gc for steadier memory figures): chat fan-out
 * at scale (docs/product.md §14). 2,000 members' sockets in one channel, opened from worker threads
 * over loopback; a few of them send at rising steady rates, and every socket times each message's
 * arrival. First one instance (in-process fan-out), then two instances on one database through
 * Redis (REDIS_URL, default redis://127.0.0.1:6379). Goal: p99 fan-out latency ≤ 50 ms at the
 * rate the machine sustains. measureChat() returns the figures for the project bench.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { CHAT_PATH } from '../src/protocol/chat';
import { buildApp, prepareDatabase } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/index';
import type { Database } from '../src/server/features/index';
import type { Answers, ClientCommand, ClientEvent, Target } from './chatClients';
import { nextMessage, tsWorker } from './workers';

export const CHAT_P99_GOAL_MS = 50;
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 2000);
const CLIENT_WORKERS = 2;
const SENDERS = 20;
const RATES = (process.env.BENCH_CHAT_RATES ?? '5,10,25,50,100').split(',').map(Number);
const PHASE_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const DRAIN_MS = 1500;
const CHANNEL = 'general';

export interface ChatPhase {
  /** Tells this phase's messages apart: their nonces start with it, their texts hold it. */
  tag: string;
  /** Messages sent (all senders together). */
  sent: number;
  /** What the server answered to each message, when the phase ended. */
  answers: Answers;
  /** Messages sent per second (all senders together). */
  rate: number;
  /** Messages received per second, every socket counted. */
  deliveredPerSecond: number;
  /** Share of the expected deliveries (messages × sockets) that arrived. */
  deliveredShare: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of the whole bench process (servers and clients) per delivered message: the cost, whatever the machine's load. */
  cpuMicrosPerDelivery: number;
  /** Two instances: the same figures for the sockets of each instance ("A" sends, "B" hears through Redis). */
  byInstance?: Record<string, { p50Ms: number; p99Ms: number; deliveredShare: number }>;
}

export interface ChatMeasure {
  sockets: number;
  /** The machine's 1-minute load average when the run ended, and its cores: shared machines skew latency. */
  load: { average: number; cores: number };
  single: ChatPhase[];
  /** Server heap and buffers per open, signed-in socket (one instance). */
  memoryPerSocketKB: number;
  cluster: ChatPhase[];
  /** The highest rate whose p99 met the goal with every message delivered. */
  sustained: { single: ChatPhase | null; cluster: ChatPhase | null };
}

const env = (databaseUrl: string, redis?: { url: string; prefix: string }): Record<string, string> => ({
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_SCALE: '1000000',
  PUBLIC_URL: 'http://127.0.0.1:3999',
  ...(redis ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}),
});

/**
 * A bench database: the schema, the chat limits lifted (no rate limit, no automatic slow mode:
 * the bench measures fan-out, not the brakes) and `count` signed-in members with session tokens.
 */
export async function benchDatabase(databaseUrl: string, count: number): Promise<string[]> {
  const database = openDatabase<Database>(databaseUrl);
  const config = loadConfig(env(databaseUrl));
  try {
    await prepareDatabase(database, config, Date.now());
    const { db } = database;
    const vars = { iChatBurst: '100', iChatRefillMs: '0', iChatAutoSlowThreshold: '0' };
    for (const [id, value] of Object.entries(vars)) {
      await db.updateTable('game_var').set({ value }).where('var_id', '=', id).execute();
    }
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const tokens: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        const id = `bench-${i}`;
        const token = randomBytes(16).toString('hex');
        const name = `bench_${i}`;
        await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
          values (${id}, ${name}, ${`${name}@bench.local`}, 1, ${now}, ${now})`.execute(trx);
        await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
          values (${`s-${id}`}, ${token}, ${id}, ${expires}, ${now}, ${now})`.execute(trx);
        await trx
          .insertInto('member')
          .values({
            user_id: id,
            username: name,
            username_lower: name,
            referral_code: `B${String(i).padStart(7, '0')}`,
            subscribe: 0,
            invite_code: null,
            referred_by_code: null,
            referred_by_user_id: null,
            verified_at: null,
            created_at: Date.now(),
          })
          .execute();
        tokens.push(token);
      }
    });
    return tokens;
  } finally {
    await database.close();
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The client workers, each with its share of the sockets. */
export class Clients {
  private constructor(private readonly workers: Worker[]) {}

  static async open(targets: Target[]): Promise<Clients> {
    const workers = Array.from({ length: CLIENT_WORKERS }, () =>
      tsWorker(new URL('./chatClients.ts', import.meta.url), {}),
    );
    const clients = new Clients(workers);
    const connected = await Promise.all(
      workers.map((worker, index) => {
        const share = targets.filter((_, i) => i % CLIENT_WORKERS === index);
        const done = nextMessage<ClientEvent>(worker, (m) => m.evt === 'connected');
        worker.postMessage({ cmd: 'connect', targets: share } satisfies ClientCommand);
        return done;
      }),
    );
    const failed = connected.reduce((sum, m) => sum + (m.evt === 'connected' ? m.failed : 0), 0);
    if (failed > 0) throw new Error(`${failed} chat sockets did not connect`);
    return clients;
  }

  /** One timed phase: worker 0's first SENDERS sockets send `rate` messages per second. */
  async phase(rate: number, sockets: number, durationMs = PHASE_MS): Promise<ChatPhase> {
    const tag = randomUUID().slice(0, 8);
    const cpuBefore = process.cpuUsage();
    const results = await Promise.all(
      this.workers.map((worker, index) => {
        const done = nextMessage<ClientEvent>(worker, (m) => m.evt === 'ran' && m.tag === tag);
        worker.postMessage({
          cmd: 'run',
          tag,
          channel: CHANNEL,
          senders: index === 0 ? SENDERS : 0,
          rate: index === 0 ? rate : 0,
          durationMs,
          drainMs: DRAIN_MS,
        } satisfies ClientCommand);
        return done as Promise<Extract<ClientEvent, { evt: 'ran' }>>;
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const sent = results.reduce((sum, r) => sum + r.sent, 0);
    const groups = new Map<string, Float64Array[]>();
    for (const result of results) {
      for (const [group, list] of Object.entries(result.latencies))
        groups.set(group, [...(groups.get(group) ?? []), list]);
    }
    const summarize = (lists: Float64Array[], socketsInGroup: number) => {
      const all = new Float64Array(lists.reduce((n, l) => n + l.length, 0));
      let at = 0;
      for (const list of lists) {
        all.set(list, at);
        at += list.length;
      }
      all.sort();
      return {
        count: all.length,
        p50Ms: round(percentile(all, 50)),
        p99Ms: round(percentile(all, 99)),
        deliveredShare: sent > 0 ? Math.round((all.length / (sent * socketsInGroup)) * 1000) / 10 : 0,
      };
    };
    const everyone = summarize([...groups.values()].flat(), sockets);
    const phase: ChatPhase = {
      tag,
      sent,
      answers: mergeAnswers(results.map((r) => r.answers)),
      rate,
      deliveredPerSecond: Math.round(everyone.count / (durationMs / 1000)),
      deliveredShare: everyone.deliveredShare,
      p50Ms: everyone.p50Ms,
      p99Ms: everyone.p99Ms,
      cpuMicrosPerDelivery: everyone.count > 0 ? round((cpu.user + cpu.system) / everyone.count) : 0,
    };
    if (groups.size > 1) {
      phase.byInstance = {};
      for (const [group, lists] of groups) {
        const { p50Ms, p99Ms, deliveredShare } = summarize(lists, sockets / groups.size);
        phase.byInstance[group] = { p50Ms, p99Ms, deliveredShare };
      }
    }
    return phase;
  }

  /** Sends the phase's unanswered messages again with their nonces; what was answered by then. */
  async resend(phase: ChatPhase, waitMs: number): Promise<{ resent: number; answers: Answers }> {
    const results = await Promise.all(
      this.workers.map((worker) => {
        const done = nextMessage<ClientEvent>(worker, (m) => m.evt === 'resent' && m.tag === phase.tag);
        worker.postMessage({ cmd: 'resend', tag: phase.tag, waitMs } satisfies ClientCommand);
        return done as Promise<Extract<ClientEvent, { evt: 'resent' }>>;
      }),
    );
    return {
      resent: results.reduce((sum, r) => sum + r.resent, 0),
      answers: mergeAnswers(results.map((r) => r.answers)),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.workers.map((worker) => {
        const done = nextMessage<ClientEvent>(worker, (m) => m.evt === 'closed');
        worker.postMessage({ cmd: 'close' } satisfies ClientCommand);
        return done;
      }),
    );
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

function mergeAnswers(list: Answers[]): Answers {
  return {
    acked: list.flatMap((a) => a.acked),
    refused: list.flatMap((a) => a.refused),
    unanswered: list.flatMap((a) => a.unanswered),
  };
}

function serverMemory(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

async function phases(clients: Clients, sockets: number): Promise<ChatPhase[]> {
  const out: ChatPhase[] = [];
  for (const rate of RATES) {
    const phase = await clients.phase(rate, sockets);
    out.push(phase);
    // Beyond what the machine sustains, higher rates only measure the backlog.
    if (phase.deliveredShare < 99) break;
  }
  return out;
}

const sustained = (list: ChatPhase[]) =>
  list.filter((p) => p.p99Ms <= CHAT_P99_GOAL_MS && p.deliveredShare >= 99.9).at(-1) ?? null;

export async function measureChat(): Promise<ChatMeasure> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-chat-bench-'));
  const databaseUrl = `file:${path.join(dir, 'chat.db')}`;
  try {
    const tokens = await benchDatabase(databaseUrl, SOCKETS);

    // One instance: fan-out in process.
    const single = await buildApp({ config: loadConfig(env(databaseUrl)), serveWeb: false });
    await single.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `ws://127.0.0.1:${(single.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
    const before = serverMemory();
    let clients = await Clients.open(tokens.map((token) => ({ url, token, group: 'A' })));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const memoryPerSocketKB = round((serverMemory() - before) / SOCKETS / 1024);
    const singlePhases = await phases(clients, SOCKETS);
    await clients.close();
    await single.app.close();

    // Two instances on one database: A here, B in a worker thread, Redis between them.
    const redis = {
      url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      prefix: `bench-${randomUUID().slice(0, 8)}`,
    };
    const a = await buildApp({ config: loadConfig(env(databaseUrl, redis)), serveWeb: false });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    const b = tsWorker(new URL('./chatInstance.ts', import.meta.url), { env: env(databaseUrl, redis) });
    const { port: portB } = await nextMessage<{ evt: string; port: number }>(b, (m) => m.evt === 'listening');
    const urlA = `ws://127.0.0.1:${(a.app.server.address() as AddressInfo).port}${CHAT_PATH}`;
    const urlB = `ws://127.0.0.1:${portB}${CHAT_PATH}`;
    // Senders are the first sockets of worker 0, so all on A; the other half listens on B.
    clients = await Clients.open(
      tokens.map((token, i) => (i < SOCKETS / 2 ? { url: urlA, token, group: 'A' } : { url: urlB, token, group: 'B' })),
    );
    const clusterPhases = await phases(clients, SOCKETS);
    await clients.close();
    const closed = nextMessage<{ evt: string }>(b, (m) => m.evt === 'closed');
    b.postMessage({ cmd: 'close' });
    await closed;
    await b.terminate();
    await a.app.close();

    return {
      sockets: SOCKETS,
      load: { average: round(loadavg()[0] ?? 0), cores: availableParallelism() },
      single: singlePhases,
      memoryPerSocketKB,
      cluster: clusterPhases,
      sustained: { single: sustained(singlePhases), cluster: sustained(clusterPhases) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line for the project bench: the best sustained single-instance phase, and the cluster's. */
export function chatSummary(measure: ChatMeasure): string {
  const best = (p: ChatPhase | null) =>
    p ? `${p.rate} msg/s → p50 ${p.p50Ms} ms p99 ${p.p99Ms} ms` : 'none within goal';
  return `${measure.sockets} sockets, ${measure.memoryPerSocketKB} KB/socket; one instance: ${best(measure.sustained.single)}; two via Redis: ${best(measure.sustained.cluster)}; load ${measure.load.average} on ${measure.load.cores} cores`;
}

function report(measure: ChatMeasure): void {
  const line = (phase: ChatPhase) => {
    const instances = phase.byInstance
      ? `   ${Object.entries(phase.byInstance)
          .map(([g, s]) => `${g}: p50 ${s.p50Ms} p99 ${s.p99Ms} ms ${s.deliveredShare}%`)
          .join('  ')}`
      : '';
    const goal = phase.p99Ms <= CHAT_P99_GOAL_MS ? 'met' : 'MISSED';
    return `  ${String(phase.rate).padStart(4)} msg/s sent  ${phase.deliveredPerSecond.toLocaleString('en-US').padStart(9)} delivered/s  ${String(phase.deliveredShare).padStart(5)}%  p50 ${String(phase.p50Ms).padStart(6)} ms  p99 ${String(phase.p99Ms).padStart(6)} ms (${goal})  ${phase.cpuMicrosPerDelivery} µs CPU/delivery${instances}`;
  };
  console.log(
    `chat fan-out: ${measure.sockets} sockets in one channel, ${SENDERS} senders, ${PHASE_MS / 1000} s per rate`,
  );
  console.log(`one instance (in-process), ${measure.memoryPerSocketKB} KB of server memory per socket`);
  for (const phase of measure.single) console.log(line(phase));
  console.log('two instances through Redis (senders on A, half the sockets on B)');
  for (const phase of measure.cluster) console.log(line(phase));
  console.log(chatSummary(measure));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  report(await measureChat());
}
