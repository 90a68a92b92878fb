/**
 * `npm run rehearsal [-- --quick] [--log] [--only=pg|sqlite]` (issue 36): a studio's launch week on
 * one machine. It seeds a community straight into the database with set-based SQL (members with
 * sessions, balances and ledgers, an Agent each, a daily cycle, chat history and game runs), then
 * starts real server processes (tests/support/instances.ts) — two behind HAProxy
 * (deploy/haproxy.cfg.template) on a private PostgreSQL cluster and a private Redis, then one on
 * SQLite behind HAProxy too — and drives the week's peaks through the HTTP API, the chat sockets and the jobs:
 * morning daily rewards, a store drop, the raffle (close, draw, deliver, notify), an announcement to
 * everyone with mail, a chat evening, a trading peak; and the faults: an instance killed (-9) in the middle of the
 * draw's delivery and of the announcement, the mail server deferring every mail (451) for 5 s, Redis restarted
 * during chat, PostgreSQL restarted once.
 * After each peak it checks the invariants (ledgers sum to balances, stock never below zero,
 * notifications and announcements delivered once, the draw verified by scripts/verify-draw.ts, no
 * member action answered 500) and prints one table: goal, measured, PASS/MISS, load average.
 * `--log` appends the table to bench/README.md; `--peaks=raffle,chat` runs only those peaks. Sizes: REHEARSAL_MEMBERS (100,000; --quick 5,000),
 * REHEARSAL_CLAIMS, REHEARSAL_CLAIM_RATE, REHEARSAL_RACERS, REHEARSAL_SOCKETS, REHEARSAL_CHAT_SECONDS,
 * REHEARSAL_TRADERS (the trading peak, bench/rehearsalTrading.ts: 5,000; --quick 1,000).
 * Every request goes to 127.0.0.1, bounded in count and time.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { type Kysely, sql } from 'kysely';
import { HAPROXY, type RunningHaproxy, startHaproxy } from '../scripts/haproxy';
import { EVERYONE } from '../src/protocol/announcements';
import { AGENT_TEMPLATE_ID } from '../src/protocol/collectibles';
import { weekOf } from '../src/protocol/games';
import { prepareDatabase } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Db, openDatabase } from '../src/server/db/index';
import { createAnnouncement } from '../src/server/features/announcements/compose';
import { refillScoreBands } from '../src/server/features/games/leaderboard';
import type { Database } from '../src/server/features/index';
import { entrantIdOf } from '../src/server/features/raffle/entries';
import { createRaffle, openRaffle } from '../src/server/features/raffle/lifecycle';
import { addStoreItem } from '../src/server/features/store/manage';
import { balancedServer, type Instance, startInstance } from '../tests/support/instances';
import { Clients } from './chat';
import type { Target } from './chatClients';
import { seed } from './growth';
import {
  type MailSink,
  mailSink,
  type PrivatePostgres,
  type PrivateRedis,
  privatePostgres,
  privateRedis,
  sharedPostgres,
} from './rehearsalInfra';
import { tradingPeak } from './rehearsalTrading';
import { freePort } from './support';

const exec = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const num = (name: string, full: number, small: number) => Number(process.env[name] ?? (quick ? small : full));

export const SIZES = {
  members: num('REHEARSAL_MEMBERS', 100_000, 5_000),
  claims: num('REHEARSAL_CLAIMS', 10_000, 1_000),
  /** Claims per second: 10,000 in 10 minutes is 17/s; the rehearsal presses them 6× harder by default, to finish sooner. */
  claimRate: num('REHEARSAL_CLAIM_RATE', 100, 100),
  racers: num('REHEARSAL_RACERS', 5_000, 1_000),
  stock: 100,
  sockets: num('REHEARSAL_SOCKETS', 5_000, 500),
  chatRate: 20,
  chatSeconds: num('REHEARSAL_CHAT_SECONDS', 20, 8),
  chatHistory: num('REHEARSAL_CHAT_HISTORY', 100_000, 5_000),
  instances: num('REHEARSAL_INSTANCES', 2, 2),
  /** The trading peak's members (issue 39): 5,000 trading at once. */
  traders: num('REHEARSAL_TRADERS', 5_000, 1_000),
};
/** Free ports chosen at start: two rehearsals on one machine (a helper's and yours) do not collide. */
const PORTS = {
  lb: await freePort(),
  instances: await Promise.all(Array.from({ length: SIZES.instances }, () => freePort())),
  checks: await Promise.all(Array.from({ length: SIZES.instances }, () => freePort())),
  smtp: await freePort(),
  postgres: await freePort(),
  redis: await freePort(),
};
const METRICS_TOKEN = 'rehearsal-metrics-token-0123456789';
const SECRET = 'rehearsal-secret-rehearsal-secret-0123456';
const DELIVERY_GOAL_MS = 5 * 60_000;
/** The announcement's mail server answers 451 this long from its first mail. */
const MAIL_DEFERRED_MS = 5_000;

// ── the table ──────────────────────────────────────────────────────────────────────────────

interface Row {
  setup: string;
  peak: string;
  goal: string;
  measured: string;
  pass: boolean | null;
  load: string;
}
const rows: Row[] = [];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
function record(setup: string, peak: string, goal: string, measured: string, pass: boolean | null) {
  const row = { setup, peak, goal, measured, pass, load: load() };
  rows.push(row);
  console.log(
    `  ${pass === null ? '    ' : pass ? 'PASS' : 'MISS'}  ${peak}: ${measured}  (goal: ${goal}; load ${row.load})`,
  );
}

function table(): string {
  const lines = [
    '| setup | peak | goal | measured | | load average (1, 5, 15 min) |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.setup} | ${r.peak} | ${r.goal} | ${r.measured} | ${r.pass === null ? '' : r.pass ? 'PASS' : 'MISS'} | ${r.load} |`,
    ),
  ];
  return lines.join('\n');
}

// ── a portal under rehearsal ───────────────────────────────────────────────────────────────

interface Portal {
  label: string;
  dialect: 'postgres' | 'sqlite';
  db: Kysely<Database>;
  database: Db<Database>;
  env: Record<string, string>;
  instances: Instance[];
  lb: RunningHaproxy;
  /** Where members' requests go: HAProxy. */
  base: string;
  postgres: PrivatePostgres | null;
  redis: PrivateRedis | null;
  mail: MailSink;
  /** Answers 500 seen by any load so far (each peak reports its own). */
  fiveHundreds: number;
}

const tokenOf = (i: number) => `rehearsal${String(i).padStart(7, '0')}tok`;
const userOf = (i: number) => `r-${i}`;

/**
 * Members 1…N with a session each, a balance and the ledger that sums to it, an Agent, yesterday's
 * daily reward (today's is due), every tenth subscribed to news by mail; chat history in
 * `general`, and a game run and this week's score for every fifth member.
 */
async function seedCommunity(db: Kysely<Database>, dialect: 'postgres' | 'sqlite', now: number): Promise<void> {
  const target = { deps: { db, dialect } };
  const n = SIZES.members;
  const text = (x: string) => (dialect === 'postgres' ? `(${x})::text` : `(${x})`);
  const bool = dialect === 'postgres' ? 'true' : '1';
  const q = (name: string) => `"${name}"`;
  const iso = `'${new Date(now - 30 * 86_400_000).toISOString()}'`;
  const expires = `'${new Date(now + 30 * 86_400_000).toISOString()}'`;
  const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
  const step = async (what: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    console.log(`  seeded ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`);
  };
  const template = await db
    .selectFrom('template')
    .select(['id', 'attributes'])
    .where('collection_id', '=', AGENT_TEMPLATE_ID)
    .executeTakeFirstOrThrow();
  await step(`${n.toLocaleString('en-US')} accounts, sessions and members`, async () => {
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO ${q('user')} (id, name, email, ${q('emailVerified')}, ${q('createdAt')}, ${q('updatedAt')}) ` +
        `SELECT 'r-' || ${text('n.i')}, 'r', 'r' || ${text('n.i')} || '@rehearsal.local', ${bool}, ${iso}, ${iso} FROM n`,
    );
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO ${q('session')} (id, token, ${q('userId')}, ${q('expiresAt')}, ${q('createdAt')}, ${q('updatedAt')}) ` +
        `SELECT 's-' || ${text('n.i')}, 'rehearsal' || substr('0000000' || ${text('n.i')}, -7, 7) || 'tok', 'r-' || ${text('n.i')}, ${expires}, ${iso}, ${iso} FROM n`.replace(
          "substr('0000000' || (n.i)::text, -7, 7)",
          "lpad((n.i)::text, 7, '0')",
        ),
    );
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO member (user_id, username, username_lower, referral_code, subscribe, invite_code, referred_by_code, referred_by_user_id, verified_at, created_at) ` +
        `SELECT 'r-' || ${text('n.i')}, 'R' || ${text('n.i')}, 'r' || ${text('n.i')}, 'RH' || ${text('n.i')}, CASE WHEN n.i % 10 = 0 THEN 1 ELSE 0 END, NULL, NULL, NULL, ${now - 30 * 86_400_000}, ${now - 30 * 86_400_000} FROM n`,
    );
  });
  await step('balances, ledgers (5 lines each), Agents and daily cycles', async () => {
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO item (template_id, collection_id, owner_user_id, public_id, attributes, token_id, created_at, minted_at) ` +
        `SELECT '${template.id}', '${AGENT_TEMPLATE_ID}', 'r-' || ${text('n.i')}, 'rh' || ${text('1000000000 + n.i')}, '${template.attributes.replace(/'/g, "''")}', NULL, ${now}, NULL FROM n`,
    );
    for (const [k, asset, amount] of [
      [1, 'points', 1000],
      [2, 'tickets', 20],
      [3, 'points', -100],
      [4, 'tickets', -5],
    ] as const) {
      await seed(
        target,
        1,
        n,
        () =>
          `INSERT INTO ledger (user_id, asset, amount, item_id, idem_key, reason, created_at) ` +
          `SELECT 'r-' || ${text('n.i')}, '${asset}', ${amount}, NULL, 'rehearsal-${k}-' || ${text('n.i')}, 'rehearsal seed', ${now - (10 - k) * 86_400_000} FROM n`,
      );
    }
    await sql
      .raw(
        `INSERT INTO ledger (user_id, asset, amount, item_id, idem_key, reason, created_at) ` +
          `SELECT owner_user_id, 'item', 1, id, 'rehearsal-item-' || ${text('id')}, 'rehearsal seed', ${now} FROM item WHERE public_id LIKE 'rh%'`,
      )
      .execute(db);
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO balance (user_id, points, tickets, updated_at) SELECT 'r-' || ${text('n.i')}, 900, 15, ${now} FROM n`,
    );
    await seed(
      target,
      1,
      n,
      () =>
        `INSERT INTO daily_login (user_id, last_day, day_in_cycle, cycles_completed, updated_at) ` +
        `SELECT 'r-' || ${text('n.i')}, '${yesterday}', 1 + n.i % 6, 1, ${now - 86_400_000} FROM n`,
    );
  });
  await step(
    `${SIZES.chatHistory.toLocaleString('en-US')} chat messages and ${Math.floor(n / 5).toLocaleString('en-US')} game runs`,
    async () => {
      await seed(
        target,
        1,
        SIZES.chatHistory,
        () =>
          `INSERT INTO chat_message (channel_id, user_id, body, item_id, mentions, nonce, created_at, edited_at, deleted_at, deleted_by, changed_at) ` +
          `SELECT 'general', 'r-' || ${text(`1 + n.i % ${n}`)}, 'Ia! message ' || ${text('n.i')}, NULL, '[]', 'rh' || ${text('n.i')}, ${now - 86_400_000} + n.i, NULL, NULL, NULL, ${now - 86_400_000} + n.i FROM n`,
      );
      const week = weekOf(now).sWeek;
      await seed(
        target,
        1,
        Math.floor(n / 5),
        () =>
          `INSERT INTO game_run (game_id, user_id, guest_id, key_hash, seed, config, status, ticks, score, level, state_hash, refused_code, refused_reason, new_best, agent_granted, started_at, updated_at, finished_at) ` +
          `SELECT 'm1', 'r-' || ${text('n.i * 5')}, NULL, 'rh' || ${text('n.i')}, n.i, '{}', 'won', 1000, 1000 + n.i % 5000, 3, 'rehearsal', NULL, NULL, 1, 0, ${now - 3_600_000}, ${now - 3_600_000}, ${now - 3_600_000} FROM n`,
      );
      await sql
        .raw(
          `INSERT INTO game_score (game_id, week, user_id, score, run_id, achieved_at) ` +
            `SELECT game_id, '${week}', user_id, score, id, finished_at FROM game_run WHERE key_hash LIKE 'rh%'`,
        )
        .execute(db);
      await refillScoreBands(db as never, 'm1', week);
    },
  );
  // The chat's brakes off for the chat evening's senders (the bench measures fan-out, as bench/chat.ts does).
  // Trades move at once in the trading peak (holds are the server tests' matter; seeded members have no two-factor).
  for (const [id, value] of Object.entries({
    iChatBurst: '100',
    iChatRefillMs: '0',
    iChatAutoSlowThreshold: '0',
    iTradeHoldHours: '0',
  })) {
    await db.updateTable('game_var').set({ value }).where('var_id', '=', id).execute();
  }
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}

// ── load: autocannon in this process, one member per request ───────────────────────────────

interface Driven {
  count: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  errors: number;
  seconds: number;
}

/**
 * `amount` requests to `action`, request k as member `member(k)` with `body(k)`, at most
 * `connections` at once and `rate` per second overall (0: as fast as they are answered).
 */
async function drive(
  portal: Portal,
  o: {
    action: string;
    amount: number;
    member: (k: number) => number;
    body?: (k: number) => Record<string, string | number>;
    connections?: number;
    rate?: number;
  },
): Promise<Driven> {
  let next = 0;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${portal.base}/api/portal/${o.action}`,
        connections: o.connections ?? 50,
        amount: o.amount,
        timeout: 30,
        ...(o.rate ? { overallRate: o.rate } : {}),
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const k = next++;
              const i = o.member(k);
              const body = new URLSearchParams(
                Object.entries(o.body?.(k) ?? {}).map(([key, v]) => [key, String(v)]),
              ).toString();
              return {
                ...request,
                method: 'POST',
                body,
                headers: {
                  'content-type': 'application/x-www-form-urlencoded',
                  authorization: `Bearer ${tokenOf(i)}`,
                  'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
                },
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? Number.NaN;
  portal.fiveHundreds += statuses.get(500) ?? 0;
  return {
    count: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    statuses,
    errors: result.errors + result.timeouts,
    seconds: (performance.now() - started) / 1000,
  };
}

const statusText = (d: Driven) =>
  [...d.statuses]
    .sort()
    .map(([s, n]) => `${n.toLocaleString('en-US')}×${s}`)
    .join(', ') + (d.errors ? `, ${d.errors} errors` : '');

// ── invariants (set-based SQL: they must run at size) ──────────────────────────────────────

async function invariants(portal: Portal, after: string): Promise<void> {
  const { db } = portal;
  const problems: string[] = [];
  // An instance that exited by itself is a finding: say so, show why, and start it again.
  for (const [index, instance] of portal.instances.entries()) {
    if (instance.process.exitCode === null && instance.process.signalCode === null) continue;
    problems.push(
      `instance ${instance.name} exited by itself (${instance.process.exitCode ?? instance.process.signalCode})`,
    );
    console.log(`  ${instance.name} exited; its last output:\n${instance.output().slice(-3000)}`);
    portal.instances[index] = await startNumbered(index, portal.env);
  }
  const wrongBalances = await sql<{ n: number }>`select count(*) as n from balance b left join (
      select user_id, sum(case when asset = 'points' then amount else 0 end) as points,
        sum(case when asset = 'tickets' then amount else 0 end) as tickets
      from ledger group by user_id) l on l.user_id = b.user_id
    where coalesce(l.points, 0) <> b.points or coalesce(l.tickets, 0) <> b.tickets`.execute(db);
  const wrong = Number(wrongBalances.rows[0]?.n ?? 0);
  if (wrong > 0) problems.push(`${wrong} ledgers do not sum to their balance`);
  const negative = await db.selectFrom('store_item').select('id').where('stock', '<', 0).execute();
  if (negative.length) problems.push(`stock below zero: ${negative.map((r) => r.id).join(', ')}`);
  const negativeBalance = await sql<{
    n: number;
  }>`select count(*) as n from balance where points < 0 or tickets < 0`.execute(db);
  if (Number(negativeBalance.rows[0]?.n ?? 0) > 0) problems.push('a balance below zero');
  const doubledNotifications = await sql<{ n: number }>`select count(*) as n from (
      select 1 from notification group by user_id, key having count(*) > 1) d`.execute(db);
  if (Number(doubledNotifications.rows[0]?.n ?? 0) > 0) problems.push('a notification delivered twice');
  const doubledAnnouncements = await sql<{ n: number }>`select count(*) as n from (
      select 1 from announcement_delivery group by announcement_id, user_id having count(*) > 1) d`.execute(db);
  if (Number(doubledAnnouncements.rows[0]?.n ?? 0) > 0) problems.push('an announcement delivered twice');
  const doubledMail = [...portal.mail.byRecipient.values()].filter((n) => n > 1).length;
  if (doubledMail > 0) problems.push(`${doubledMail} members mailed an announcement more than once`);
  if (portal.fiveHundreds > 0) problems.push(`${portal.fiveHundreds} member actions answered 500`);
  portal.fiveHundreds = 0;
  record(
    portal.label,
    `invariants after ${after}`,
    'ledgers = balances, stock ≥ 0, each notification/announcement/mail once, no 500',
    problems.length ? problems.join('; ') : 'all hold',
    problems.length === 0,
  );
}

// ── the peaks ──────────────────────────────────────────────────────────────────────────────

const today = () => new Date().toISOString().slice(0, 10);

async function morningRewards(portal: Portal): Promise<void> {
  const claims = Math.min(SIZES.claims, SIZES.members);
  // The members 1…claims each open the portal once (getUserData claims the day's reward).
  const driven = await drive(portal, {
    action: 'getUserData',
    amount: claims,
    member: (k) => k + 1,
    rate: SIZES.claimRate,
  });
  // Those that failed (the restart) open it again: a member's retry.
  const claimed = await sql<{ n: number }>`select count(*) as n from daily_login
    where last_day = ${today()} and user_id in (select 'r-' || ${sql.raw(portal.dialect === 'postgres' ? '(g)::text' : 'g')} from ${sql.raw(
      portal.dialect === 'postgres'
        ? `generate_series(1, ${claims}) as s(g)`
        : `(WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ${claims}) SELECT g FROM s)`,
    )})`.execute(portal.db);
  const again = await drive(portal, { action: 'getUserData', amount: Math.min(500, claims), member: (k) => k + 1 });
  const granted = await sql<{ n: number; members: number }>`select count(*) as n, count(distinct user_id) as members
    from ledger where idem_key like ${`daily:%:${today()}`}`.execute(portal.db);
  const lines = Number(granted.rows[0]?.n ?? 0);
  const members = Number(granted.rows[0]?.members ?? 0);
  // Each claim once: the cycle moved one day (seeded at 1 + i % 6), and one grant (its lines `key`, `key#2`) per member.
  const twice = await sql<{ n: number }>`select count(*) as n from daily_login
    where last_day = ${today()} and day_in_cycle <> 2 + (cast(substr(user_id, 3) as integer) % 6)`.execute(portal.db);
  const grants = await sql<{ n: number }>`select count(*) as n from ledger
    where idem_key like ${`daily:%:${today()}`} and idem_key not like '%#%'`.execute(portal.db);
  const moved = Number(twice.rows[0]?.n ?? 0);
  const once = moved === 0 && Number(grants.rows[0]?.n ?? 0) === members;
  record(
    portal.label,
    `morning daily rewards: ${claims.toLocaleString('en-US')} members at ${SIZES.claimRate}/s`,
    'p99 ≤ 300 ms, each claim once',
    `p50 ${d(driven.p50)} ms, p99 ${d(driven.p99)} ms over ${driven.seconds.toFixed(0)} s (${statusText(driven)}); ${Number(
      claimed.rows[0]?.n ?? 0,
    ).toLocaleString(
      'en-US',
    )} claimed today; ${members.toLocaleString('en-US')} members with reward lines, ${lines.toLocaleString(
      'en-US',
    )} lines, ${moved} cycles moved other than once; a second visit of ${again.count}: ${statusText(again)}`,
    driven.p99 <= 300 && once,
  );
}

/**
 * PostgreSQL restarted (pg_ctl restart -m fast) while the next members open the portal: what they
 * were answered meanwhile, and whether each of them got the day's reward once after retrying.
 */
async function postgresRestart(portal: Portal): Promise<void> {
  if (!portal.postgres) return;
  const postgres = portal.postgres;
  const from = Math.min(SIZES.claims, SIZES.members) + 1;
  const members = Math.min(1000, SIZES.members - from + 1);
  if (members <= 0) return;
  const restart = sleep(2000).then(() => postgres.restart());
  const during = await drive(portal, { action: 'getUserData', amount: members, member: (k) => from + k, rate: 100 });
  const ms = await restart;
  const duringFiveHundreds = during.statuses.get(500) ?? 0;
  portal.fiveHundreds -= duringFiveHundreds;
  // Each member opens it again (what the web app does on an error), until answered.
  const again = await drive(portal, { action: 'getUserData', amount: members, member: (k) => from + k });
  const doubled = await sql<{ n: number }>`select count(*) as n from daily_login
    where last_day = ${today()} and day_in_cycle <> 2 + (cast(substr(user_id, 3) as integer) % 6)`.execute(portal.db);
  const claimed = await sql<{ n: number }>`select count(*) as n from ledger where idem_key like ${`daily:%:${today()}`}
    and idem_key not like '%#%' and cast(substr(user_id, 3) as integer) between ${from} and ${from + members - 1}`.execute(
    portal.db,
  );
  const n = Number(claimed.rows[0]?.n ?? 0);
  record(
    portal.label,
    `fault: PostgreSQL restarted while ${members.toLocaleString('en-US')} members open the portal`,
    'nothing acknowledged lost or doubled; resumes by itself',
    `${postgres.own ? 'pg_ctl restart -m fast' : 'our connections terminated'} took ${ms} ms; meanwhile ${statusText(during)}; then ${statusText(
      again,
    )}; ${n.toLocaleString('en-US')} of ${members.toLocaleString('en-US')} claimed once, ${Number(doubled.rows[0]?.n ?? 0)} cycles moved other than once`,
    n === members && Number(doubled.rows[0]?.n ?? 0) === 0 && (again.statuses.get(200) ?? 0) === members,
  );
  if (duringFiveHundreds > 0) {
    // What the instances logged for them (LOG_LEVEL error: each 500 is a "request failed" line).
    const failed = portal.instances
      .flatMap((instance) => instance.output().split('\n'))
      .filter((line) => line.includes('request failed'))
      .map((line) => {
        const err = (JSON.parse(line) as { err?: { type?: string; message?: string; code?: string } }).err;
        return `${err?.type ?? ''} ${err?.code ?? ''} ${err?.message ?? ''}`.trim();
      });
    console.log(`  (the 500s' errors: ${[...new Set(failed)].slice(0, 5).join(' | ')})`);
  }
  if (duringFiveHundreds > 0)
    record(
      portal.label,
      'fault: PostgreSQL restart, answers meanwhile',
      'no member action answered 500 (503: try again)',
      `${duringFiveHundreds} answered 500 while the database was away`,
      false,
    );
}

const d = (ms: number) => (Number.isFinite(ms) ? Math.round(ms).toLocaleString('en-US') : 'n/a');

async function storeDrop(portal: Portal): Promise<void> {
  const item = `drop-${Date.now().toString(36)}`;
  const added = await addStoreItem(
    portal.db as never,
    item,
    { kind: 'tickets', name: 'Launch drop', tickets: 1, price: 10, stock: SIZES.stock, member_limit: 1 },
    { actor: 'rehearsal', now: Date.now() },
  );
  if (!added.ok) throw new Error(added.problem);
  const racers = Math.min(SIZES.racers, SIZES.members);
  const driven = await drive(portal, {
    action: 'buyStoreItem',
    amount: racers,
    connections: 100,
    member: (k) => SIZES.members - k,
    body: (k) => ({ sStoreItemID: item, iQuantity: 1, sIdempotencyKey: `drop-${k}-${item}` }),
  });
  const stock = await portal.db
    .selectFrom('store_item')
    .select('stock')
    .where('id', '=', item)
    .executeTakeFirstOrThrow();
  const sold = await portal.db
    .selectFrom('store_purchase')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('item_id', '=', item)
    .where('error_code', '=', 0)
    .executeTakeFirstOrThrow();
  const ok =
    Number(stock.stock) >= 0 && Number(sold.n) <= SIZES.stock && Number(sold.n) + Number(stock.stock) === SIZES.stock;
  record(
    portal.label,
    `store drop: ${racers.toLocaleString('en-US')} members race for ${SIZES.stock} units`,
    'none oversold, p99 ≤ 500 ms',
    `${sold.n} sold, stock left ${stock.stock}; p50 ${d(driven.p50)} ms, p99 ${d(driven.p99)} ms over ${driven.seconds.toFixed(1)} s (${statusText(driven)})`,
    ok && driven.p99 <= 500,
  );
}

/** Instances in `portal` leading a job (the lease's holder), by instance id. */
async function leaderOf(portal: Portal, job: string): Promise<Instance | null> {
  const row = await portal.db.selectFrom('job_lease').select('holder').where('name', '=', job).executeTakeFirst();
  if (!row) return null;
  for (const instance of portal.instances) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) continue;
    const answer = await fetch(`${instance.url}/readyz`).catch(() => null);
    const id = answer ? ((await answer.json().catch(() => ({}))) as { instance?: string }).instance : undefined;
    if (id === row.holder) return instance;
  }
  return null;
}

/** kill -9 of an instance, then the same instance started again (HAProxy finds it by its health check). */
async function killAndRestart(portal: Portal, victim: Instance): Promise<string> {
  const at = Date.now();
  await victim.kill('SIGKILL');
  const index = portal.instances.indexOf(victim);
  const again = await startNumbered(index, portal.env);
  portal.instances[index] = again;
  return `${victim.name} killed (-9) and back in ${((Date.now() - at) / 1000).toFixed(1)} s`;
}

async function raffleWeek(portal: Portal, faults: { killMidDelivery: boolean }): Promise<void> {
  const { db } = portal;
  const entrants = SIZES.members;
  const now = Date.now();
  // The week's raffle: the one the raffle job scheduled and opened (iRaffleAutoWeekly), or one of our own.
  let id = (await db.selectFrom('raffle').select('id').where('status', '=', 'open').executeTakeFirst())?.id ?? null;
  if (id === null) {
    id = await createRaffle(
      db as never,
      {
        title: 'Rehearsal raffle',
        opensAt: now - 1000,
        closesAt: now + 3_600_000,
        prizes: [
          { sKind: 'points', iAmount: 500, iQuantity: 50 },
          { sKind: 'tickets', iAmount: 5, iQuantity: 50 },
        ],
        beacon: false,
      },
      { actor: 'rehearsal', now },
    );
    if (id === null) throw new Error('raffle not created');
    // The raffle job may open it first (it opens what is due): either way it is open now.
    await openRaffle(db as never, id, { actor: 'rehearsal', now });
  }
  const status = await db
    .selectFrom('raffle')
    .select(['status', 'beacon'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (status.status !== 'open') throw new Error(`raffle not opened: ${status.status}`);
  // No drand round to wait for: the rehearsal's machine may be offline (the beacon's own tests cover it).
  await db.updateTable('raffle').set({ beacon: 0, drand_round: null }).where('id', '=', id).execute();
  const raffle = await db.selectFrom('raffle').select('entrant_salt').where('id', '=', id).executeTakeFirstOrThrow();
  // Every member entered with 1–5 tickets: the entries and their ledger lines as enterRaffle writes them.
  const started = performance.now();
  const BATCH = 2000;
  let tickets = 0;
  for (let from = 1; from <= entrants; from += BATCH) {
    const values = [];
    for (let i = from; i < Math.min(entrants + 1, from + BATCH); i++) {
      const t = 1 + (i % 5);
      tickets += t;
      values.push({ i, t });
    }
    await db
      .insertInto('raffle_entry')
      .values(
        values.map(({ i, t }) => ({
          raffle_id: id,
          user_id: userOf(i),
          entrant_id: entrantIdOf(raffle.entrant_salt, userOf(i)),
          tickets: t,
          created_at: now,
          updated_at: now,
          refunded_at: null,
        })),
      )
      .execute();
    await db
      .insertInto('ledger')
      .values(
        values.map(({ i, t }) => ({
          user_id: userOf(i),
          asset: 'tickets' as const,
          amount: -t,
          item_id: null,
          idem_key: `raffle:${id}:enter:${userOf(i)}:rehearsal`,
          reason: 'raffle entry',
          created_at: now,
        })),
      )
      .execute();
  }
  await sql`update balance set tickets = tickets - (1 + (cast(substr(user_id, 3) as integer) % 5))
    where user_id like 'r-%' and cast(substr(user_id, 3) as integer) <= ${entrants}`.execute(db);
  await db.updateTable('raffle').set({ entrant_count: entrants, ticket_total: tickets }).where('id', '=', id).execute();
  console.log(
    `  (${entrants.toLocaleString('en-US')} entries seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  // Close it now: the raffle job (on its leader) closes, draws, delivers and notifies.
  const closesAt = Date.now();
  await db.updateTable('raffle').set({ closes_at: closesAt }).where('id', '=', id).execute();
  let killed = '';
  let drawnAt: number | null = null;
  let lastSeen = '';
  const key = `raffle:${id}:result`;
  const notified = async () =>
    Number(
      (
        await db
          .selectFrom('notification')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
      ).n,
    );
  let everyone: number | null = null;
  const deadline = closesAt + DELIVERY_GOAL_MS + 10_000;
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom('raffle')
      .select(['status', 'drawn_at', 'settled_at'])
      .where('id', '=', id)
      .executeTakeFirst()
      .catch(() => null);
    if (row) {
      lastSeen = row.status;
      if (row.drawn_at !== null) drawnAt = Number(row.drawn_at);
      const count = await notified().catch(() => 0);
      // Mid-delivery: the prizes (status drawing) or the entrants' results (paged after the draw) half done.
      const midDelivery = row.status === 'drawing' || (row.drawn_at !== null && count > 0 && count < entrants);
      if (faults.killMidDelivery && !killed && midDelivery && portal.instances.length > 1) {
        const leader = await leaderOf(portal, 'raffle');
        if (leader) killed = await killAndRestart(portal, leader);
      }
      if (count >= entrants && row.settled_at !== null) {
        everyone = Date.now() - closesAt;
        break;
      }
    }
    await sleep(250);
  }
  const drawMs = drawnAt === null ? null : drawnAt - closesAt;
  const prizes = await db
    .selectFrom('raffle_prize')
    .select((eb) => eb.fn.sum<number>('quantity').as('n'))
    .where('raffle_id', '=', id)
    .executeTakeFirst();
  const count = await notified();
  record(
    portal.label,
    `raffle week: ${entrants.toLocaleString('en-US')} entrants (${tickets.toLocaleString('en-US')} tickets), ${Number(prizes?.n ?? 0)} prizes`,
    'draw ≤ 5 s, every entrant’s result within 5 min',
    `${drawMs === null ? `not drawn (status ${lastSeen})` : `drawn ${d(drawMs)} ms after closing (job interval included)`}; ${count.toLocaleString(
      'en-US',
    )} of ${entrants.toLocaleString('en-US')} results ${everyone === null ? 'when the rehearsal stopped waiting' : `after ${(everyone / 1000).toFixed(1)} s`}`,
    drawMs !== null && drawMs <= 5000 && everyone !== null && everyone <= DELIVERY_GOAL_MS,
  );
  if (faults.killMidDelivery)
    record(
      portal.label,
      'fault: kill -9 of the raffle job’s leader mid-delivery',
      'nothing lost or doubled; resumes by itself',
      killed || `no kill: the delivery was never seen half done (${lastSeen})`,
      killed ? everyone !== null : null,
    );
  if (drawMs !== null) {
    try {
      const { stdout } = await exec('node', ['--import', 'tsx', 'scripts/verify-draw.ts', portal.base, String(id)], {
        maxBuffer: 64 * 1024 * 1024,
        timeout: 300_000,
      });
      record(
        portal.label,
        'raffle: scripts/verify-draw.ts',
        'every check passes',
        stdout.trim().split('\n').slice(-1)[0] ?? 'ok',
        true,
      );
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; code?: number };
      record(
        portal.label,
        'raffle: scripts/verify-draw.ts',
        'every check passes',
        `exit ${failed.code}: ${`${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim().split('\n').slice(-2).join(' / ').slice(0, 300)}`,
        false,
      );
    }
  }
}

async function announcement(portal: Portal, faults: { killMidDelivery: boolean }): Promise<void> {
  const { db } = portal;
  const subscribers = Math.floor(SIZES.members / 10);
  portal.mail.byRecipient.clear();
  const mailedBefore = portal.mail.total();
  const { id, count } = await createAnnouncement(
    db as never,
    {
      title: 'The stars are right',
      body: 'The **launch week** raffle is drawn. Thank you for playing.',
      segment: EVERYONE,
      sendAt: 0,
      email: true,
    },
    { now: Date.now(), actor: 'rehearsal', reason: 'launch week rehearsal' },
  );
  const started = Date.now();
  // The mail server busy when the first mail comes: what it deferred goes at a later attempt (decision 0257).
  const deferredBefore = portal.mail.deferred();
  portal.mail.deferFor(MAIL_DEFERRED_MS);
  let killed = '';
  let delivered = 0;
  let deliveredAt: number | null = null;
  let mailedAt: number | null = null;
  while (Date.now() - started < DELIVERY_GOAL_MS + 10_000) {
    delivered = Number(
      (
        await db
          .selectFrom('announcement_delivery')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('announcement_id', '=', id)
          .executeTakeFirstOrThrow()
          .catch(() => ({ n: delivered }))
      ).n,
    );
    if (deliveredAt === null && delivered >= count) deliveredAt = Date.now() - started;
    if (mailedAt === null && portal.mail.total() - mailedBefore >= subscribers) mailedAt = Date.now() - started;
    if (faults.killMidDelivery && !killed && delivered > 0 && delivered < count / 2 && portal.instances.length > 1) {
      const leader = await leaderOf(portal, 'announcements.send');
      if (leader) killed = await killAndRestart(portal, leader);
    }
    if (deliveredAt !== null && mailedAt !== null) break;
    await sleep(250);
  }
  const mailed = portal.mail.total() - mailedBefore;
  const twice = [...portal.mail.byRecipient.values()].filter((n) => n > 1).length;
  record(
    portal.label,
    `announcement to ${count.toLocaleString('en-US')} members, mail to ${subscribers.toLocaleString('en-US')}`,
    'every member once, within 5 min',
    `${delivered.toLocaleString('en-US')} delivered ${deliveredAt === null ? '(not all when the rehearsal stopped waiting)' : `in ${(deliveredAt / 1000).toFixed(1)} s`}; ${mailed.toLocaleString(
      'en-US',
    )} mails ${mailedAt === null ? '(not all)' : `in ${(mailedAt / 1000).toFixed(1)} s`}, ${twice} recipients twice`,
    deliveredAt !== null &&
      deliveredAt <= DELIVERY_GOAL_MS &&
      mailedAt !== null &&
      mailedAt <= DELIVERY_GOAL_MS &&
      twice === 0,
  );
  const deferred = portal.mail.deferred() - deferredBefore;
  record(
    portal.label,
    `fault: the mail server answers every mail “try again later” (451) for ${MAIL_DEFERRED_MS / 1000} s from the first`,
    'each deferred mail sent later, once',
    `${deferred.toLocaleString('en-US')} sends deferred; then ${mailed.toLocaleString('en-US')} of ${subscribers.toLocaleString('en-US')} mailed, ${twice} twice`,
    deferred > 0 ? mailed === subscribers && twice === 0 : null,
  );
  if (faults.killMidDelivery)
    record(
      portal.label,
      'fault: kill -9 of the announcements job’s leader mid-announcement',
      'nothing lost or doubled; resumes by itself',
      killed
        ? `${killed}; delivery went on to ${delivered.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`
        : 'no kill (delivery was never half done while watched)',
      killed ? deliveredAt !== null && twice === 0 : null,
    );
}

async function chatEvening(portal: Portal, faults: { restartRedis: boolean }): Promise<void> {
  const sockets = Math.min(SIZES.sockets, SIZES.members);
  // Sockets spread over the instances directly (a member's socket stays on the instance it reached), named by instance.
  const targets: Target[] = Array.from({ length: sockets }, (_, k) => {
    const instance = portal.instances[k % portal.instances.length] as Instance;
    return { url: `ws://127.0.0.1:${instance.port}/api/chat`, token: tokenOf(k + 1), group: instance.name };
  });
  const opened = performance.now();
  let clients: Clients;
  try {
    clients = await Clients.open(targets);
  } catch (error) {
    record(
      portal.label,
      `chat evening: ${sockets.toLocaleString('en-US')} sockets`,
      'fan-out p99 ≤ 100 ms',
      String(error),
      false,
    );
    return;
  }
  console.log(
    `  (${sockets.toLocaleString('en-US')} sockets open in ${((performance.now() - opened) / 1000).toFixed(1)} s)`,
  );
  try {
    const cpuBefore = serverCpuMs(portal.instances);
    const clientsBefore = process.cpuUsage();
    const phase = await clients.phase(SIZES.chatRate, sockets, SIZES.chatSeconds * 1000);
    const deliveries = Math.max(1, phase.deliveredPerSecond * SIZES.chatSeconds);
    const cpuPerDelivery = ((serverCpuMs(portal.instances) - cpuBefore) * 1000) / deliveries;
    const clientsCpu = process.cpuUsage(clientsBefore);
    const clientsPerDelivery = (clientsCpu.user + clientsCpu.system) / deliveries;
    const per = phase.byInstance
      ? `; by instance ${Object.entries(phase.byInstance)
          .map(([g, p]) => `${g} p99 ${p.p99Ms} ms (${p.deliveredShare}%)`)
          .join(', ')}`
      : '';
    record(
      portal.label,
      `chat evening: ${sockets.toLocaleString('en-US')} sockets on ${portal.instances.length} instance(s), ${SIZES.chatRate} msg/s for ${SIZES.chatSeconds} s`,
      'fan-out p99 ≤ 100 ms',
      `p50 ${phase.p50Ms} ms, p99 ${phase.p99Ms} ms, ${phase.deliveredShare}% of ${(
        SIZES.chatRate * SIZES.chatSeconds * sockets
      ).toLocaleString(
        'en-US',
      )} deliveries${per}; CPU per delivery: the instances ${cpuPerDelivery.toFixed(1)} µs, the socket clients (this process) ${clientsPerDelivery.toFixed(1)} µs`,
      phase.p99Ms <= 100 && phase.deliveredShare >= 99.9,
    );
    if (faults.restartRedis && portal.redis) await redisOutage(portal, portal.redis, clients, sockets);
  } finally {
    await clients.close();
  }
}

/** CPU time the instances' processes used so far (Linux /proc; clock ticks of 10 ms): a cost the machine's load does not skew. */
function serverCpuMs(instances: readonly Instance[]): number {
  let ticks = 0;
  for (const instance of instances) {
    const stat = readFileSync(`/proc/${instance.process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/**
 * Redis killed (-9) and restarted empty in the middle of a chat phase. Counted by nonce: every
 * message acknowledged to its sender must be stored (under the id the ack gave), none twice; the
 * unacknowledged ones are sent again with their nonce, as the web client does, and then each sent
 * message must be stored exactly once.
 */
async function redisOutage(portal: Portal, redis: PrivateRedis, clients: Clients, sockets: number): Promise<void> {
  const during = clients.phase(SIZES.chatRate, sockets, SIZES.chatSeconds * 1000);
  await sleep(2000);
  const at = Date.now();
  await redis.restart(1000);
  const restartedMs = Date.now() - at;
  const hit = await during;
  const first = await storedByNonce(portal, hit.tag);
  const lostAcks = hit.answers.acked.filter(([nonce, id]) => !first.get(nonce)?.includes(id)).length;
  const unacked = [...hit.answers.refused.map(([n]) => n), ...hit.answers.unanswered];
  const storedUnacked = unacked.filter((n) => first.has(n)).length;
  const again = await clients.resend(hit, 10_000);
  const last = await storedByNonce(portal, hit.tag);
  const twice = [...last.values()].filter((ids) => ids.length > 1).length;
  const once = [...last.values()].filter((ids) => ids.length === 1).length;
  const after = await clients.phase(SIZES.chatRate, sockets, 5000);
  const refusals = countBy(hit.answers.refused.map(([, code]) => `code ${code}`));
  record(
    portal.label,
    'fault: Redis restarted (kill -9, empty) during chat',
    'resumes by itself; every acknowledged message stored, none twice',
    `down ${restartedMs} ms; during: ${hit.sent} sent, ${hit.answers.acked.length} acknowledged, ${lostAcks} of them not stored; ` +
      `${unacked.length} unacknowledged (${hit.answers.unanswered.length} unanswered, refused: ${refusals || 'none'}; ${storedUnacked} already stored), ` +
      `sent again with their nonce: ${again.answers.acked.length - hit.answers.acked.length} more acknowledged; ${once} of ${hit.sent} stored once, ${twice} twice; ` +
      `${hit.deliveredShare}% of deliveries live (the rest on the members' resume), p99 ${hit.p99Ms} ms; 5 s later: ${after.deliveredShare}% delivered, p99 ${after.p99Ms} ms`,
    lostAcks === 0 && twice === 0 && once === hit.sent && after.deliveredShare >= 99.9,
  );
}

/** A phase's stored messages: the ids under each nonce (more than one would be a message stored twice). */
async function storedByNonce(portal: Portal, tag: string): Promise<Map<string, number[]>> {
  const rows = await portal.db
    .selectFrom('chat_message')
    .select(['id', 'nonce'])
    .where('nonce', 'like', `${tag}x%`)
    .execute();
  const out = new Map<string, number[]>();
  for (const row of rows) out.set(row.nonce, [...(out.get(row.nonce) ?? []), Number(row.id)]);
  return out;
}

function countBy(keys: string[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(', ');
}

// ── setups ─────────────────────────────────────────────────────────────────────────────────

async function startPortal(
  label: string,
  databaseUrl: string,
  dialect: 'postgres' | 'sqlite',
  instances: number,
  infra: { postgres: PrivatePostgres | null; redis: PrivateRedis | null; mail: MailSink },
): Promise<Portal> {
  const database = openDatabase<Database>(databaseUrl);
  const now = Date.now();
  await prepareDatabase(database, loadConfig({ NODE_ENV: 'test' }, { databaseUrl }), now);
  const seeding = performance.now();
  await seedCommunity(database.db, dialect, now);
  record(
    label,
    `seed ${SIZES.members.toLocaleString('en-US')} members`,
    'minutes, not hours',
    `${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    (performance.now() - seeding) / 1000 < 600,
  );
  // Behind HAProxy as deployed (docs/deploy.md), one instance too: it bounds what reaches an instance (decision 0263).
  const base = `http://127.0.0.1:${PORTS.lb}`;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    ...(infra.redis ? { REDIS_URL: infra.redis.url, REDIS_PREFIX: `rh${Date.now().toString(36)}` } : {}),
    PUBLIC_URL: base,
    AUTH_SECRET: SECRET,
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000000',
    METRICS_TOKEN,
    JOB_LEASE_MS: '3000',
    RAFFLE_INTERVAL_MS: '500',
    STATUS_INTERVAL_MS: '2000',
    MINT_DELAY_MS: '3600000',
    SMTP_URL: `smtp://127.0.0.1:${infra.mail.port}`,
    LOG_LEVEL: 'error',
    WEB_DIST: 'dist/none',
  };
  const started = await Promise.all(Array.from({ length: instances }, (_, i) => startNumbered(i, env)));
  const lb = await startHaproxy({
    port: PORTS.lb,
    servers: started.map(balancedServer),
  });
  return {
    label,
    dialect,
    db: database.db,
    database,
    env,
    instances: started,
    lb,
    base,
    postgres: infra.postgres,
    redis: infra.redis,
    mail: infra.mail,
    fiveHundreds: 0,
  };
}

/** Instance i (0-based) on its port, with a port of its own for HAProxy's health checks (decision 0263). */
function startNumbered(i: number, env: Record<string, string>): Promise<Instance> {
  return startInstance(`i${i + 1}`, PORTS.instances[i] as number, env, { healthPort: PORTS.checks[i] as number });
}

async function stopPortal(portal: Portal): Promise<void> {
  await portal.lb.stop();
  await Promise.all(portal.instances.map((i) => i.kill('SIGKILL')));
  await portal.database.close();
}

/** `--peaks=morning,store,raffle,announcement,chat,trading` runs only those (all by default). */
const peaks = args
  .find((a) => a.startsWith('--peaks='))
  ?.slice(8)
  .split(',');
const runs = (peak: string) => !peaks || peaks.includes(peak);

async function week(portal: Portal, cluster: boolean): Promise<void> {
  if (runs('morning')) {
    console.log(`\n${portal.label}: morning daily rewards`);
    await morningRewards(portal);
    await invariants(portal, 'the morning');
    if (cluster) {
      await postgresRestart(portal);
      await invariants(portal, 'the PostgreSQL restart');
    }
  }
  if (runs('store')) {
    console.log(`\n${portal.label}: store drop`);
    await storeDrop(portal);
    await invariants(portal, 'the store drop');
  }
  if (runs('raffle')) {
    console.log(`\n${portal.label}: raffle week`);
    await raffleWeek(portal, { killMidDelivery: cluster });
    await invariants(portal, 'the raffle');
  }
  if (runs('announcement')) {
    console.log(`\n${portal.label}: announcement`);
    await announcement(portal, { killMidDelivery: cluster });
    await invariants(portal, 'the announcement');
  }
  if (runs('chat')) {
    console.log(`\n${portal.label}: chat evening`);
    await chatEvening(portal, { restartRedis: cluster });
    await invariants(portal, 'the chat evening');
  }
  if (runs('trading')) {
    console.log(`\n${portal.label}: trading peak`);
    await tradingPeak({
      db: portal.db,
      members: SIZES.members,
      traders: SIZES.traders,
      drive: async (o) => {
        const driven = await drive(portal, o);
        return { ...driven, statusText: statusText(driven) };
      },
      record: (peak, goal, measured, pass) => record(portal.label, peak, goal, measured, pass),
    });
    await invariants(portal, 'the trading peak');
  }
}

const startedAt = Date.now();
console.log(
  `Rehearsal (${quick ? 'quick' : 'full'} sizes: ${JSON.stringify(SIZES)}); load average ${load()} on ${(
    await import('node:os')
  ).availableParallelism()} cores`,
);
/** Everything started so far, stopped on Ctrl-C too (no server of ours is left behind). */
const live: { portal: Portal | null; postgres: PrivatePostgres | null; redis: PrivateRedis | null } = {
  portal: null,
  postgres: null,
  redis: null,
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.log(`\n${signal}: stopping the rehearsal's servers`);
    if (live.portal) await stopPortal(live.portal).catch(() => {});
    await live.postgres?.stop().catch(() => {});
    await live.redis?.stop().catch(() => {});
    process.exit(130);
  });
}
const mail = await mailSink(PORTS.smtp);
try {
  if (only !== 'sqlite') {
    if (!HAPROXY) console.log('skipped the cluster: haproxy is not installed');
    else {
      const postgres =
        (await privatePostgres(PORTS.postgres)) ??
        (process.env.TEST_DATABASE_URL ? sharedPostgres(process.env.TEST_DATABASE_URL) : null);
      const redis = await privateRedis(PORTS.redis);
      live.postgres = postgres;
      live.redis = redis;
      if (!postgres) console.log('skipped the cluster: no PostgreSQL (no initdb, no TEST_DATABASE_URL)');
      else {
        let portal: Portal | null = null;
        try {
          const url = await postgres.database(`rehearsal_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`);
          const label = `${SIZES.instances} instances + HAProxy, PostgreSQL${postgres.own ? ' (private cluster)' : ''}, Redis${redis ? ' (private)' : ' (none)'}`;
          portal = await startPortal(label, url, 'postgres', SIZES.instances, { postgres, redis, mail });
          live.portal = portal;
          await week(portal, true);
        } finally {
          if (portal) await stopPortal(portal);
          await postgres.stop();
          await redis?.stop();
        }
      }
    }
  }
  if (only !== 'pg') {
    const dir = mkdtempSync(path.join(tmpdir(), 'rehearsal-sqlite-'));
    let portal: Portal | null = null;
    try {
      portal = await startPortal('1 instance + HAProxy, SQLite', `file:${path.join(dir, 'portal.db')}`, 'sqlite', 1, {
        postgres: null,
        redis: null,
        mail,
      });
      live.portal = portal;
      await week(portal, false);
    } finally {
      if (portal) await stopPortal(portal);
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await mail.stop();
}

const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
const out = `${table()}\n\n(${quick ? 'quick' : 'full'} sizes, ${minutes} min in all; load average at the end ${load()})`;
console.log(`\n${out}`);
if (args.includes('--log')) {
  appendFileSync(
    'bench/README.md',
    `\n## ${new Date().toISOString().slice(0, 10)}: npm run rehearsal${quick ? ' --quick' : ''}\n\n${out}\n`,
  );
}
process.exit(0);
