import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { CHAT_PATH, type ClientFrame, type ServerFrame } from '../../src/protocol/chat';
import { buildApp } from '../../src/server/app';
import type { Job } from '../../src/server/capability';
import { type Config, loadConfig } from '../../src/server/config';
import { type Db, openDatabase } from '../../src/server/db/index';
import type { Clock } from '../../src/server/shared/clock';
import { actionCaller, type TestApp } from './app';
import { createTestDb, TEST_DB_OPTIONS, type TestDb } from './db';
import { register, signUp } from './rewardsHelpers';
import { tcpProxy, until } from './tcpProxy';

/** The machine's Redis; each test run uses its own channel prefix, so runs never hear each other. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const uniquePrefix = () => `chat-test-${randomUUID().slice(0, 8)}`;

/** One server instance listening on loopback, with its jobs at hand (the tests run them). */
export interface ChatNode extends TestApp {
  /** ws://127.0.0.1:<port> */
  wsBase: string;
  origin: string;
  jobs: Job[];
  /** Runs the chat sync job once (what main.ts does every 2 s). */
  sync(): Promise<void>;
}

export interface Cluster {
  nodes: ChatNode[];
  db: TestDb;
  close(): Promise<void>;
}

/**
 * Server instances on one database (a file SQLite, or one PostgreSQL database), each with its own
 * connection to it, listening on loopback. `redisUrls[i]` gives instance i a Redis (else in-process).
 */
export async function chatCluster(
  dialect: 'sqlite' | 'postgres',
  options: {
    instances?: number;
    redisUrls?: Array<string | undefined>;
    prefix?: string;
    clock?: Clock;
    config?: Partial<Config>;
  } = {},
): Promise<Cluster> {
  const file = dialect === 'sqlite' ? path.join(mkdtempSync(path.join(tmpdir(), 'chat-')), 'chat.db') : undefined;
  const db = await createTestDb(dialect, file);
  const prefix = options.prefix ?? uniquePrefix();
  const nodes: ChatNode[] = [];
  for (let i = 0; i < (options.instances ?? 1); i++) {
    const database: Db = i === 0 ? db : openDatabase(db.url, TEST_DB_OPTIONS);
    nodes.push(
      await startNode(database, db, {
        redisUrl: options.redisUrls?.[i],
        prefix,
        clock: options.clock,
        config: options.config,
      }),
    );
  }
  return {
    nodes,
    db,
    async close() {
      for (const node of nodes.slice(1)) await node.app.close();
      await nodes[0]?.close();
    },
  };
}

async function startNode(
  database: Db,
  shared: TestDb,
  options: { redisUrl?: string; prefix: string; clock?: Clock; config?: Partial<Config> },
): Promise<ChatNode> {
  const origin = 'http://localhost:3000';
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: origin, SETTINGS_CACHE_MS: '0' },
    { databaseUrl: shared.url, redisUrl: options.redisUrl, redisPrefix: options.prefix, ...options.config },
  );
  const { app, deps, jobs, actions, consoleActions } = await buildApp({
    config,
    database,
    clock: options.clock,
    serveWeb: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const sync = jobs.find((j) => j.name === 'chat-sync') as Job;
  return {
    app,
    deps,
    actions,
    consoleActions,
    db: shared,
    config,
    jobs,
    wsBase: `ws://127.0.0.1:${port}`,
    origin,
    sync: async () => {
      await sync.run();
    },
    call: actionCaller(app),
    async close() {
      await app.close();
      await shared.drop();
    },
  };
}

export interface ChatMember {
  userId: string;
  token: string;
  email: string;
  userName: string;
}

/** A registered, verified member (with the registration Agent, so an avatar). */
export async function chatMember(node: TestApp, label = 'chatter'): Promise<ChatMember> {
  const account = await signUp(node, label);
  await register(node, { userId: account.userId });
  await node.deps.db
    .updateTable('user')
    .set({ emailVerified: node.deps.dialect === 'sqlite' ? 1 : true })
    .where('id', '=', account.userId)
    .execute();
  const row = await node.deps.db
    .selectFrom('member')
    .select('username')
    .where('user_id', '=', account.userId)
    .executeTakeFirstOrThrow();
  return { ...account, userName: row.username };
}

/**
 * Two instances on one database and one Redis, instance A reaching Redis through a proxy the test
 * can cut (a Redis restart as A sees it); alice on A and bob on B, once both are on Redis.
 * `prepare` runs on A's database before the members are made.
 */
export async function clusterWithCuttableRedis(
  dialect: 'sqlite' | 'postgres',
  clock: Clock,
  prepare: (a: ChatNode) => Promise<void> = async () => {},
) {
  const proxy = await tcpProxy({ host: '127.0.0.1', port: Number(new URL(REDIS_URL).port || 6379) });
  const cluster = await chatCluster(dialect, { instances: 2, redisUrls: [proxy.url, REDIS_URL], clock });
  const [a, b] = cluster.nodes as [ChatNode, ChatNode];
  await prepare(a);
  const alice = await chatMember(a, 'alice');
  const bob = await chatMember(b, 'bob');
  await until(() => a.deps.bus.connected() && b.deps.bus.connected(), 5000, 'both instances on Redis');
  return { cluster, a, b, alice, bob, proxy };
}

export const nonce = () => `n${randomBytes(6).toString('hex')}`;

type FrameOf<T extends ServerFrame['t']> = Extract<ServerFrame, { t: T }>;

/** A chat socket as a test drives it: every frame received is kept; `next` takes the first matching one not yet taken. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  private readonly taken = new Set<number>();
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.frames.push(JSON.parse(String(data)) as ServerFrame);
      for (const wake of [...this.waiters]) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code: number, reason: Buffer) => {
        resolve({ code, reason: String(reason) });
        for (const wake of [...this.waiters]) wake();
      });
    });
  }

  /** Opens a socket (resolves when open; rejects with the HTTP status when the upgrade is refused). */
  static open(node: Pick<ChatNode, 'wsBase' | 'origin'>, options: { query?: string; origin?: string | null } = {}) {
    const headers: Record<string, string> = {};
    const origin = options.origin === undefined ? node.origin : options.origin;
    if (origin) headers.origin = origin;
    const socket = new WebSocket(`${node.wsBase}${CHAT_PATH}${options.query ?? ''}`, { headers });
    return new Promise<ChatClient>((resolve, reject) => {
      socket.once('open', () => resolve(new ChatClient(socket)));
      socket.once('unexpected-response', (_req: unknown, res: { statusCode: number }) =>
        reject(new Error(`HTTP ${res.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  /** Opens, says hello with the member's token and waits for the welcome. */
  static async signedIn(
    node: Pick<ChatNode, 'wsBase' | 'origin'>,
    member: Pick<ChatMember, 'token'>,
    resume: { pLastSeen?: Record<string, number>; iSince?: number } = {},
  ): Promise<ChatClient & { welcome: FrameOf<'welcome'> }> {
    const client = await ChatClient.open(node);
    client.send({ t: 'hello', sToken: member.token, ...resume });
    const welcome = await client.next('welcome');
    return Object.assign(client, { welcome });
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Sends a request with a fresh nonce and answers its ack or error. */
  async request(frame: Record<string, unknown> & { t: string }): Promise<FrameOf<'ack'> | FrameOf<'error'>> {
    const sNonce = (frame.sNonce as string | undefined) ?? nonce();
    this.send({ ...frame, sNonce });
    return this.next(['ack', 'error'], (f) => 'sNonce' in f && f.sNonce === sNonce) as Promise<
      FrameOf<'ack'> | FrameOf<'error'>
    >;
  }

  /** Sends a message and answers its ack (throws on a refusal). */
  async say(sChannelID: string, sText: string, extra: Record<string, unknown> = {}): Promise<number> {
    const answer = await this.request({ t: 'send', sChannelID, sText, ...extra });
    if (answer.t !== 'ack') throw new Error(`refused: ${JSON.stringify(answer)}`);
    return answer.iMessageID;
  }

  next<T extends ServerFrame['t']>(
    type: T | T[],
    match: (frame: FrameOf<T>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<FrameOf<T>> {
    const types = Array.isArray(type) ? type : [type];
    const find = () => {
      for (let i = 0; i < this.frames.length; i++) {
        const frame = this.frames[i] as ServerFrame;
        if (this.taken.has(i) || !types.includes(frame.t as T) || !match(frame as FrameOf<T>)) continue;
        this.taken.add(i);
        return frame as FrameOf<T>;
      }
      return undefined;
    };
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found) {
          finish();
          resolve(found);
        } else if (this.socket.readyState === WebSocket.CLOSED) {
          finish();
          reject(new Error(`socket closed while waiting for ${types.join('|')}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new Error(`no ${types.join('|')} frame within ${timeoutMs} ms; got ${this.frames.map((f) => f.t).join(',')}`),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The messages received (live and resumed) in one channel, in the order they arrived. */
  messageIds(channel: string): number[] {
    return this.frames.flatMap((f) => {
      if (f.t === 'message' && f.pMessage.sChannelID === channel) return [f.pMessage.iMessageID];
      if (f.t === 'missed' && f.sChannelID === channel) return f.aMessages.map((m) => m.iMessageID);
      return [];
    });
  }

  /** What the web client sends after a `resync` or a reconnect: the newest id it holds per channel. */
  lastSeen(): Record<string, number> {
    const out: Record<string, number> = {};
    const note = (channel: string, id: number) => {
      out[channel] = Math.max(out[channel] ?? 0, id);
    };
    for (const f of this.frames) {
      if (f.t === 'welcome') for (const c of f.aChannels) note(c.sChannelID, c.iLastID);
      if (f.t === 'message') note(f.pMessage.sChannelID, f.pMessage.iMessageID);
      if (f.t === 'missed') for (const m of f.aMessages) note(m.sChannelID, m.iMessageID);
    }
    return out;
  }

  /** Waits `ms` and says whether a matching frame arrived meanwhile (for "nothing arrives" checks). */
  async receivedWithin<T extends ServerFrame['t']>(type: T, match: (frame: FrameOf<T>) => boolean, ms: number) {
    return this.next(type, match, ms).then(
      () => true,
      () => false,
    );
  }

  close(): void {
    this.socket.close();
  }

  /** Drops the connection without a closing handshake, like a lost network. */
  drop(): void {
    this.socket.terminate();
  }
}
