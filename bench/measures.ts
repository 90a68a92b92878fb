import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../src/server/features/identity/password';
import { applyGrant, grantDemoAgent } from '../src/server/features/rewards/index';
import { addStoreItem } from '../src/server/features/store/manage';
import { CHAT_P99_GOAL_MS, measureChat } from './chat';
import { measureLighthouse } from './lighthouse';
import { measureMonsterBreaker } from './monsterBreaker';
import { CLOSE_GOAL_MS, measureRaffleClose } from './raffleClose';
import { DRAW_GOAL_MS, measureRaffleDraw } from './raffleDraw';
import { measureBrowserVerify, VERIFY_GOAL_MS } from './raffleVerify';
import type { Load, LoadResult } from './run';
import { measureScale } from './scale';
import { type BenchApp, benchApp, postgresBenchDatabase } from './support';

/** One printed figure; with a goal it gets a PASS/MISS mark. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  digits?: number;
  goal?: { atLeast?: number; atMost?: number };
  note?: string;
}

export interface BenchContext {
  /** The real server on a fresh SQLite file. */
  app: BenchApp;
  load: Load;
  /** A bare node:http JSON server under the same load, in the same run. */
  baseline: LoadResult;
  /** The bare server measured again now: a ratio against it is not skewed by a neighbour's burst minutes earlier. */
  bare(): Promise<LoadResult>;
}

export interface Measure {
  name: string;
  run(ctx: BenchContext): Promise<Figure[]>;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
// Better Auth refuses cross-site-looking requests without an Origin in production (CSRF protection).
const json = (app: BenchApp) => ({ 'content-type': 'application/json', origin: app.url });
const PASSWORD = 'bench-password-1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** A registered member of the bench database, with its bearer token and account id. */
async function benchMember(app: BenchApp, email: string): Promise<{ token: string; userId: string }> {
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json(app),
    body: JSON.stringify({ email, password: PASSWORD, name: email.split('@')[0] }),
  });
  const token = signUp.headers.get('set-auth-token') ?? '';
  const { user } = (await signUp.json()) as { user: { id: string } };
  const registered = await fetch(`${app.url}/api/portal/registerUser`, {
    method: 'POST',
    headers: { ...form, authorization: `Bearer ${token}` },
    body: new URLSearchParams({ sUserName: email.split('@')[0] ?? 'bench', sCode: '', sReferredByCode: '' }),
  });
  const answer = (await registered.json()) as { iErrorCode: number };
  if (answer.iErrorCode !== 0) throw new Error(`bench member not registered: ${JSON.stringify(answer)}`);
  return { token, userId: user.id };
}

/** Throughput as a ratio to the bare server, and p99, each against its goal. */
function throughput(
  label: string,
  result: LoadResult,
  baseline: LoadResult,
  goals: { ratio?: number; p99Ms?: number } = {},
): Figure[] {
  return [
    { label: `${label} req/s`, value: result.rps, unit: 'req/s' },
    {
      label: `${label} ratio to bare node:http`,
      value: result.rps / baseline.rps,
      unit: '×',
      goal: goals.ratio === undefined ? undefined : { atLeast: goals.ratio },
      note: `bare ${Math.round(baseline.rps).toLocaleString('en-US')} req/s`,
    },
    {
      label: `${label} p99`,
      value: result.p99,
      unit: 'ms',
      goal: goals.p99Ms === undefined ? undefined : { atMost: goals.p99Ms },
    },
  ];
}

/** getUserData of a member with a typical inventory and the welcome notices still pending. */
async function getUserDataLoad(app: BenchApp, load: Load): Promise<LoadResult> {
  const member = await benchMember(app, `reader${Date.now() % 1_000_000}@bench.local`);
  await grantDemoAgent(app.deps.db, member.userId, Date.now());
  return load(`${app.url}/api/portal/getUserData`, {
    headers: { ...form, authorization: `Bearer ${member.token}` },
    body: '',
  });
}

/** CPU time this process has used, every thread (hashing workers and the load generator too), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * How many password verifications per second the machine's KDF does at 50 in flight, through
 * password.ts as sign-in uses it, and the CPU time each costs. Like autocannon, it counts what
 * finishes inside the window: the ~50 still queued when it ends finish after it. The window opens
 * after one hash, which waits behind any sign-in still queued (first come, first served).
 */
async function kdfCapacity(): Promise<{ perSecond: number; cpuMs: number }> {
  const hash = await hashPassword(PASSWORD);
  const cpuBefore = cpuMs();
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  let all = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await verifyPassword({ hash, password: PASSWORD });
      all++;
      if (Date.now() <= until) done++;
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return { perSecond: done / SECONDS, cpuMs: (cpuMs() - cpuBefore) / all };
}

/** Each capability adds its measurements here. */
export const measures: Measure[] = [
  {
    name: 'actions',
    async run({ app, load, bare }) {
      // Each load right after its own bare run: on a shared machine the minutes between drift.
      const maintenanceBare = await bare();
      const maintenance = await load(`${app.url}/api/portal/isMaintenance`, { headers: form, body: '' });
      const userDataBare = await bare();
      const userData = await getUserDataLoad(app, load);
      const figures = [
        ...throughput('isMaintenance', maintenance, maintenanceBare, { ratio: 0.6 }),
        ...throughput('getUserData (SQLite)', userData, userDataBare, { ratio: 0.25, p99Ms: 10 }),
      ];
      const postgres = await postgresBenchDatabase();
      if (postgres) {
        const pgApp = await benchApp({ env: { DATABASE_URL: postgres.url } });
        try {
          const pgBare = await bare();
          figures.push(...throughput('getUserData (PostgreSQL)', await getUserDataLoad(pgApp, load), pgBare));
        } finally {
          await pgApp.close();
          await postgres.drop();
        }
      }
      return figures;
    },
  },
  {
    name: 'sign-in',
    async run({ app, load }) {
      await benchMember(app, 'signer@bench.local');
      // Measured on both sides of the sign-in load, so other work on the machine weighs on both alike.
      const before = await kdfCapacity();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const cpuBefore = cpuMs();
      const result = await load(`${app.url}/api/auth/sign-in/email`, {
        headers: json(app),
        body: JSON.stringify({ email: 'signer@bench.local', password: PASSWORD }),
        // A warm-up's sign-ins, their clients gone, would still be hashing inside the window.
        warmup: false,
      });
      const signInCpuMs = (cpuMs() - cpuBefore) / (result.rps * SECONDS);
      delay.disable();
      const after = await kdfCapacity();
      const kdf = (before.perSecond + after.perSecond) / 2;
      const kdfCpuMs = (before.cpuMs + after.cpuMs) / 2;
      return [
        {
          label: 'KDF capacity (verifications/s)',
          value: kdf,
          unit: '/s',
          note: `${before.perSecond.toFixed(1)} before, ${after.perSecond.toFixed(1)} after`,
        },
        { label: 'sign-in', value: result.rps, unit: 'req/s', note: `p99 ${result.p99} ms` },
        { label: 'sign-in / KDF capacity', value: result.rps / kdf, unit: '×', goal: { atLeast: 0.8 } },
        {
          // The CPU time of a verification over that of a sign-in: what the ratio above would be if
          // the process had the same CPU during both, which a shared machine does not guarantee.
          label: 'sign-in / KDF per CPU second',
          value: kdfCpuMs / signInCpuMs,
          unit: '×',
          note: `${kdfCpuMs.toFixed(1)} ms a verification, ${signInCpuMs.toFixed(1)} ms a sign-in`,
        },
        {
          label: 'event-loop delay p99 under sign-in load',
          value: delay.percentile(99) / 1e6,
          unit: 'ms',
          goal: { atMost: 20 },
        },
      ];
    },
  },
  {
    name: 'lighthouse',
    async run() {
      if (process.env.BENCH_LIGHTHOUSE === '0') return [];
      const { pages, references } = await measureLighthouse();
      const runs = `median of ${pages[0]?.runs ?? 0} runs`;
      return [
        ...pages.flatMap((page) => [
          { label: `${page.path} performance score`, value: page.score, unit: '', goal: { atLeast: 98 }, note: runs },
          { label: `${page.path} LCP`, value: page.lcpMs, unit: 'ms', goal: { atMost: 1500 } },
          { label: `${page.path} CLS`, value: page.cls, unit: '', digits: 3, goal: { atMost: 0.02 } },
          { label: `${page.path} total blocking time`, value: page.tbtMs, unit: 'ms', digits: 0 },
        ]),
        // Not the portal: what this machine gives any page, a page React draws, and one it draws after an answer (bench/lighthouseReference.ts).
        ...references.flatMap((page) => [
          { label: `${page.path}: score`, value: page.score, unit: '', note: runs },
          { label: `${page.path}: LCP`, value: page.lcpMs, unit: 'ms', digits: 0 },
          { label: `${page.path}: blocking time`, value: page.tbtMs, unit: 'ms', digits: 0 },
        ]),
      ];
    },
  },
  {
    name: 'Monster Breaker',
    async run() {
      const m = measureMonsterBreaker();
      return [
        { label: 'server replay of a 10-minute run', value: m.fReplay10MinWarmMs, unit: 'ms', goal: { atMost: 10 } },
        { label: 'server replay of a 20-minute run', value: m.fReplay20MinWarmMs, unit: 'ms' },
        { label: 'verify a 10-minute run in 2-s chunks', value: m.fVerify10MinWarmMs, unit: 'ms' },
        { label: 'first replay in a new process, after warm-up', value: m.fReplay10MinAfterWarmUpMs, unit: 'ms' },
        { label: 'input log per minute (pointer)', value: m.iHumanCharsPerMinute, unit: 'chars' },
        { label: 'input log per minute (keys)', value: m.iAutopilotCharsPerMinute, unit: 'chars' },
      ];
    },
  },
  {
    name: 'chat fan-out',
    async run() {
      const m = await measureChat();
      const phase = (label: string, p: (typeof m.single)[number] | null | undefined, goal: boolean): Figure[] =>
        p
          ? [
              {
                label: `${label}: messages/s delivered`,
                value: p.deliveredPerSecond,
                unit: '/s',
                note: `at ${p.rate} sent/s`,
              },
              { label: `${label}: fan-out p50`, value: p.p50Ms, unit: 'ms' },
              {
                label: `${label}: fan-out p99`,
                value: p.p99Ms,
                unit: 'ms',
                goal: goal ? { atMost: CHAT_P99_GOAL_MS } : undefined,
              },
            ]
          : [{ label: `${label}: no rate met p99 ≤ ${CHAT_P99_GOAL_MS} ms`, value: Number.NaN, unit: '' }];
      return [
        { label: 'sockets', value: m.sockets, unit: '' },
        { label: 'server memory per socket', value: m.memoryPerSocketKB, unit: 'KB' },
        ...phase('one instance', m.sustained.single ?? m.single[0], true),
        ...phase('two instances via Redis', m.sustained.cluster ?? m.cluster[0], false),
        { label: 'load average while measured', value: m.load.average, unit: '', note: `${m.load.cores} cores` },
      ];
    },
  },
  {
    name: 'buyStoreItem',
    async run({ app, load, baseline }) {
      const { token, userId } = await benchMember(app, 'buyer@bench.local');
      const { db } = app.deps;
      const now = Date.now();
      await applyGrant(db, {
        userId,
        key: 'bench-points',
        reason: 'bench',
        lines: [{ asset: 'points', amount: 1e12 }],
        now,
      });
      const added = await addStoreItem(
        db,
        'bench-tickets',
        { kind: 'tickets', name: 'Bench tickets', tickets: 1, price: 1, member_limit: 1e9 },
        { actor: 'bench', now },
      );
      if (!added.ok) throw new Error(added.problem);
      // A new purchase per request: autocannon puts a fresh id into each idempotency key.
      const result = await load(`${app.url}/api/portal/buyStoreItem`, {
        headers: { ...form, authorization: `Bearer ${token}` },
        body: 'sStoreItemID=bench-tickets&iQuantity=1&sIdempotencyKey=bench-[<id>]',
        idReplacement: true,
      });
      const bought = await db
        .selectFrom('store_purchase')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('error_code', '=', 0)
        .executeTakeFirstOrThrow();
      return [
        ...throughput('purchase (SQLite)', result, baseline),
        { label: 'purchases completed', value: Number(bought.n), unit: '' },
      ];
    },
  },
  {
    name: 'raffle draw',
    async run() {
      const m = measureRaffleDraw();
      return [
        {
          label: `draw: ${m.entrants.toLocaleString('en-US')} members, ${m.tickets.toLocaleString('en-US')} tickets, ${m.prizes} prizes`,
          value: m.drawWinners.ms,
          unit: 'ms',
          goal: { atMost: DRAW_GOAL_MS },
          note: `heap ${m.drawWinners.heapDeltaMB} MB`,
        },
        { label: 'canonical order of the entries', value: m.canonicalEntries.ms, unit: 'ms' },
        { label: 'Merkle root of the entries', value: m.merkleRoot.ms, unit: 'ms' },
        { label: 'verifyDraw in Node', value: m.verifyDraw.ms, unit: 'ms' },
      ];
    },
  },
  {
    name: 'raffle close job',
    async run() {
      const m = await measureRaffleClose();
      return [
        {
          label: `close with ${m.entries.toLocaleString('en-US')} entries (SQLite)`,
          value: m.closeMs,
          unit: 'ms',
          goal: { atMost: CLOSE_GOAL_MS },
          note: `heap ${m.closeHeapMB} MB`,
        },
        { label: 'then the draw', value: m.drawMs, unit: 'ms' },
        { label: '100 prizes through the ledger', value: m.deliverMs, unit: 'ms' },
        { label: 'process memory (rss)', value: m.rssMB, unit: 'MB' },
      ];
    },
  },
  {
    name: 'raffle verify in Chromium',
    async run() {
      const m = await measureBrowserVerify();
      return [
        {
          label: 'verifyDraw in the browser',
          value: m.verifyMs,
          unit: 'ms',
          goal: { atMost: VERIFY_GOAL_MS },
          note: m.bPassed ? `page heap ${m.heapMB} MB` : 'CHECKS FAILED',
        },
        { label: 'parsing the published list', value: m.parseMs, unit: 'ms' },
      ];
    },
  },
  {
    // Several instances behind HAProxy on PostgreSQL (bench/scale.ts).
    name: 'scale',
    run: (ctx) => measureScale(ctx.load),
  },
];
