/**
 * `npm run bench -- growth [--quick]`: what the member-facing calls cost as the data grows
 * (issue 31). Each size is seeded straight into the database with set-based SQL (INSERT … SELECT
 * over a recursive CTE on SQLite, generate_series on PostgreSQL), never through the API, and each
 * call is timed at each size through the real server (the median of 5 after one that is not
 * counted), on SQLite and on PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set.
 * Goal: a call's time at the largest size within 2× of its time at the smallest. `--quick` seeds
 * a tenth (or a hundredth) of the sizes, for a smoke run.
 */
import { CompiledQuery, type Kysely, type RootOperationNode, sql } from 'kysely';
import { AGENT_TEMPLATE_ID } from '../src/protocol/collectibles';
import { weekOf } from '../src/protocol/games';
import { changedSince, historyPage } from '../src/server/features/chat/messages';
import { memberCollection } from '../src/server/features/collectibles/views';
import { refillScoreBands, weeklyLeaderboard } from '../src/server/features/games/leaderboard';
import { findMembers } from '../src/server/features/members/find';
import { auditPageOf } from '../src/server/features/operators/audit';
import { createRaffle, openRaffle } from '../src/server/features/raffle/lifecycle';
import { applyGrant, readStatement } from '../src/server/features/rewards/index';
import { addStoreItem } from '../src/server/features/store/manage';
import type { Figure } from './measures';
import { median } from './stats';
import { type BenchApp, benchApp, benchMember, postgresBenchDatabase } from './support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const REPEATS = 5;

/** One call timed at each size: ms at each, and the answer's size in bytes when it went over HTTP. */
interface Row {
  call: string;
  dialect: string;
  sizes: number[];
  ms: number[];
  bytes: (number | null)[];
}

async function timed(call: Call): Promise<{ ms: number; bytes: number | null }> {
  let bytes = await call();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const start = performance.now();
    bytes = await call();
    times.push(performance.now() - start);
  }
  return { ms: median(times), bytes };
}

/** A portal action as the member calls it; answers the body's length (and throws on a refusal). */
function action(
  app: BenchApp,
  token: string | null,
  name: string,
  fields: Record<string, string | number> = {},
  service = 'portal',
) {
  return async (): Promise<number> => {
    const response = await fetch(`${app.url}/api/${service}/${name}`, {
      method: 'POST',
      headers: token ? { ...form, authorization: `Bearer ${token}` } : form,
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    });
    const text = await response.text();
    const code = (JSON.parse(text) as { iErrorCode: number }).iErrorCode;
    if (code !== 0) throw new Error(`${name} answered ${code}: ${text.slice(0, 200)}`);
    return text.length;
  };
}

/**
 * Rows `from`…`to` (inclusive) of a generated series, inserted by `insert` (the INSERT … SELECT
 * whose FROM is `n`, each row's number `n.i`), in slices a transaction holds comfortably.
 */
export async function seed(
  app: { deps: { db: AnyDb; dialect: string } },
  from: number,
  to: number,
  insert: (from: number, to: number) => string,
) {
  const SLICE = 200_000;
  for (let start = from; start <= to; start += SLICE) {
    const end = Math.min(to, start + SLICE - 1);
    const select = insert(start, end);
    const statement =
      app.deps.dialect === 'postgres'
        ? select.replace(' FROM n', ` FROM generate_series(${start}, ${end}) AS n(i)`)
        : `WITH RECURSIVE n(i) AS (SELECT ${start} UNION ALL SELECT i + 1 FROM n WHERE i < ${end}) ${select}`;
    await sql.raw(statement).execute(app.deps.db);
  }
}

interface Scenario {
  name: string;
  sizes: number[];
  /** Brings the data from `from` rows to `to` rows. */
  grow(from: number, to: number): Promise<void>;
  /** Each call's timed function, made once per size (what it needs to know of the data is looked up outside the timing). */
  calls: Record<string, () => Promise<Call>>;
  /** With --explain, at the largest size: the main calls' functions, run against a database that records their SQL. */
  explain?: Record<string, (db: AnyDb) => Promise<unknown>>;
}

// biome-ignore lint/suspicious/noExplicitAny: the capabilities' functions each take their own slice of the schema
type AnyDb = Kysely<any>;

/**
 * The SELECTs a function sends (a plugin sees each query before it runs), each with its plan:
 * `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN (ANALYZE, COSTS OFF)` on PostgreSQL.
 */
async function explainCalls(app: BenchApp, run: (db: AnyDb) => Promise<unknown>): Promise<string[]> {
  const db = app.deps.db as AnyDb;
  const nodes: RootOperationNode[] = [];
  const spy = db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode') nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await run(spy);
  const out: string[] = [];
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
    // A prepared query (src/server/shared/prepared.ts) is compiled once with marks for its arguments.
    if (compiled.parameters.some((p) => typeof p === 'string' && p.includes('\u0000'))) continue;
    const prefix = app.deps.dialect === 'postgres' ? 'EXPLAIN (ANALYZE, COSTS OFF) ' : 'EXPLAIN QUERY PLAN ';
    const result = await db.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]));
    const rows = result.rows as Array<Record<string, unknown>>;
    const plan = rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row)));
    out.push(`    ${compiled.sql.replace(/\s+/g, ' ').slice(0, 160)}`, ...plan.map((line) => `      ${line}`));
  }
  return out;
}

type Call = () => Promise<number | null>;

async function scenarios(app: BenchApp, quick: boolean): Promise<Scenario[]> {
  const { db, dialect } = app.deps;
  const q = (full: number, small: number) => (quick ? small : full);
  const now = Date.now();
  const member = await benchMember(app, `growth${now % 1_000_000}@bench.local`);
  const other = await benchMember(app, `grothb${now % 1_000_000}@bench.local`);
  await db
    .updateTable('user')
    .set({ emailVerified: 1 } as never)
    .execute();
  const uid = `'${member.userId}'`;
  const template = await db
    .selectFrom('template')
    .select(['id', 'attributes'])
    .where('collection_id', '=', AGENT_TEMPLATE_ID)
    .executeTakeFirstOrThrow();
  const text = (n: string) => (dialect === 'postgres' ? `${n}::text` : n);

  // Tickets and points for the purchases and raffle entries the bench makes.
  await applyGrant(db, {
    userId: member.userId,
    key: 'growth-funds',
    reason: 'bench',
    lines: [
      { asset: 'points', amount: 1e12 },
      { asset: 'tickets', amount: 1e9 },
    ],
    now,
  });
  const added = await addStoreItem(
    db,
    'growth-tickets',
    { kind: 'tickets', name: 'Growth tickets', tickets: 1, price: 1, member_limit: 1e9 },
    { actor: 'bench', now },
  );
  if (!added.ok) throw new Error(added.problem);
  const raffleId = await createRaffle(
    db,
    {
      title: 'Growth',
      opensAt: now - 1000,
      closesAt: now + 86_400_000,
      prizes: [{ sKind: 'points', iAmount: 10, iQuantity: 1 }],
      beacon: false,
    },
    { actor: 'bench', now },
  );
  if (raffleId === null) throw new Error('raffle not created');
  const opened = await openRaffle(db, raffleId, { actor: 'bench', now });
  if (!opened.done) throw new Error(`raffle not opened: ${JSON.stringify(opened)}`);

  const week = weekOf(now);
  let purchase = 0;
  let entry = 0;
  const channel = 'general';
  const lastChatId = async () =>
    Number(
      (
        await db
          .selectFrom('chat_message')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  return [
    {
      name: 'a member holding N items',
      sizes: [10, 1_000, 10_000],
      grow: (from, to) =>
        seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO item (template_id, collection_id, owner_user_id, public_id, attributes, token_id, created_at, minted_at) ` +
            `SELECT '${template.id}', '${AGENT_TEMPLATE_ID}', ${uid}, 'growth' || ${text(`(1000000000 + n.i)`)}, '${template.attributes.replace(/'/g, "''")}', NULL, ${now}, NULL FROM n`,
        ),
      calls: {
        getUserData: async () => action(app, member.token, 'getUserData'),
        getInventory: async () => action(app, member.token, 'getInventory'),
        'getInventory, next page': async () => action(app, member.token, 'getInventory', { iPage: 2 }),
        'getCollection (Agents), first 4 as /home asks': async () =>
          action(app, member.token, 'getCollection', { sCollectionID: AGENT_TEMPLATE_ID, iPageSize: 4 }),
        'getCollection (Agents), every item': async () =>
          action(app, member.token, 'getCollection', { sCollectionID: AGENT_TEMPLATE_ID }),
      },
      explain: {
        'getCollection (Agents), page 50 of 100': (db) =>
          memberCollection(db, member.userId, AGENT_TEMPLATE_ID, { page: 50, size: 100 }),
      },
    },
    {
      name: 'a member with N ledger rows',
      sizes: [100, q(10_000, 1_000), q(1_000_000, 10_000)],
      grow: async (from, to) => {
        await seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO ledger (user_id, asset, amount, item_id, idem_key, reason, created_at) ` +
            `SELECT ${uid}, 'points', 1, NULL, 'growth-mine-' || ${text('n.i')}, 'bench', ${now} FROM n`,
        );
        // The balance moves with its ledger rows, as applyGrant keeps it.
        await sql`update balance set points = points + ${to - from} where user_id = ${member.userId}`.execute(db);
      },
      calls: {
        'points statement, first page': async () => action(app, member.token, 'getPointsStatement'),
        'points statement, page 50 back': async () => {
          const ids = await db
            .selectFrom('ledger')
            .select('id')
            .where('user_id', '=', member.userId)
            .orderBy('id', 'desc')
            .offset(50 * 20)
            .limit(1)
            .execute();
          return action(app, member.token, 'getPointsStatement', { iBeforeID: Number(ids[0]?.id ?? 1) });
        },
      },
      explain: {
        'points statement, first page': (db) => readStatement(db, member.userId, { limit: 20 }),
      },
    },
    {
      name: 'a channel with N messages',
      sizes: [1_000, q(100_000, 10_000), q(1_000_000, 100_000)],
      grow: (from, to) =>
        seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO chat_message (channel_id, user_id, body, item_id, mentions, nonce, created_at, edited_at, deleted_at, deleted_by, changed_at) ` +
            `SELECT '${channel}', '${other.userId}', 'Message ' || ${text('n.i')}, NULL, '[]', 'growth-' || ${text('n.i')}, ${now} + n.i, NULL, NULL, NULL, ${now} + n.i FROM n`,
        ),
      calls: {
        'chat history, latest page': async () => action(app, member.token, 'getChatHistory', { sChannelID: channel }),
        'chat history, 100,000 back (or the oldest)': async () => {
          const last = await lastChatId();
          return action(app, member.token, 'getChatHistory', {
            sChannelID: channel,
            iBeforeID: Math.max(2, last - 100_000),
          });
        },
        'chat resume (the last 50 missed)': async () => {
          const last = await lastChatId();
          // The client last saw message last − 50, at its time.
          const seen = await db
            .selectFrom('chat_message')
            .select('changed_at')
            .where('id', '=', last - 50)
            .executeTakeFirstOrThrow();
          const since = Number(seen.changed_at);
          return async () => {
            const page = await historyPage(db, { channelId: channel, afterId: last - 50, limit: 100 });
            const changed = await changedSince(db, { channelId: channel, upToId: last - 50, since, limit: 100 });
            return page.rows.length + changed.length;
          };
        },
      },
      explain: {
        'chat history, latest page': (db) => historyPage(db, { channelId: channel, limit: 50 }),
        'chat history, 100,000 back': async (db) =>
          historyPage(db, { channelId: channel, beforeId: (await lastChatId()) - 100_000, limit: 50 }),
        'chat resume': async (db) => {
          const last = await lastChatId();
          const seen = await db
            .selectFrom('chat_message')
            .select('changed_at')
            .where('id', '=', last - 50)
            .executeTakeFirstOrThrow();
          return changedSince(db, {
            channelId: channel,
            upToId: last - 50,
            since: Number(seen.changed_at),
            limit: 100,
          });
        },
      },
    },
    {
      name: 'N runs on this week’s leaderboard',
      sizes: [1_000, q(100_000, 10_000), q(1_000_000, 100_000)],
      grow: async (from, to) => {
        // The member sits in the middle of the board: their place counts the half above them.
        await db.deleteFrom('game_score').where('user_id', '=', member.userId).execute();
        await seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO game_score (game_id, week, user_id, score, run_id, achieved_at) ` +
            `SELECT 'm1', '${week.sWeek}', 'growth-player-' || ${text('n.i')}, n.i, n.i, ${now} FROM n`,
        );
        await db
          .insertInto('game_score')
          .values({
            game_id: 'm1',
            week: week.sWeek,
            user_id: member.userId,
            score: Math.floor(to / 2),
            run_id: 0,
            achieved_at: now,
          } as never)
          .execute();
        // Written straight into the board: its band tally refilled as recordWin would have kept it.
        await refillScoreBands(db, 'm1', week.sWeek);
      },
      calls: {
        'leaderboard (top 10 and my place)': async () =>
          action(app, member.token, 'getLeaderboard', {}, 'monsterbreaker'),
      },
      explain: {
        'leaderboard (top 10 and my place)': (db) =>
          weeklyLeaderboard(db, { gameId: 'm1', week, viewerId: member.userId }),
      },
    },
    {
      name: 'N ledger rows in the database',
      sizes: [1_000, q(1_000_000, 10_000)],
      grow: (from, to) =>
        seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO ledger (user_id, asset, amount, item_id, idem_key, reason, created_at) ` +
            `SELECT 'growth-member-' || ${text('(n.i % 10000)')}, 'points', 1, NULL, 'growth-all-' || ${text('n.i')}, 'bench', ${now} FROM n`,
        ),
      calls: {
        'raffle entry': async () => () =>
          action(app, member.token, 'enterRaffle', {
            iRaffleID: raffleId,
            iTickets: 1,
            sIdempotencyKey: `growth-entry-${entry++}`,
          })(),
        'store purchase': async () => () =>
          action(app, member.token, 'buyStoreItem', {
            sStoreItemID: 'growth-tickets',
            iQuantity: 1,
            sIdempotencyKey: `growth-buy-${purchase++}`,
          })(),
      },
    },
    {
      name: 'N audit entries (console)',
      sizes: [1_000, q(1_000_000, 10_000)],
      grow: (from, to) =>
        seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO audit_log (actor, action, detail, created_at, member_id) ` +
            `SELECT 'cli:growth', 'bench.growth', '{}', ${now} + n.i, 'growth-member-' || ${text('(n.i % 10000)')} FROM n`,
        ),
      calls: {
        'audit log, first page': async () => async () =>
          (await auditPageOf(db, {}, { offset: 0, limit: 50 })).rows.length,
        'audit log of one member': async () => async () =>
          (await auditPageOf(db, { memberId: 'growth-member-7' }, { offset: 0, limit: 50 })).rows.length,
      },
      explain: {
        'audit log, first page': (db) => auditPageOf(db, {}, { offset: 0, limit: 50 }),
        'audit log of one member': (db) => auditPageOf(db, { memberId: 'growth-member-7' }, { offset: 0, limit: 50 }),
      },
    },
    {
      name: 'N members (console search)',
      sizes: [1_000, q(100_000, 10_000)],
      grow: async (from, to) => {
        const quoted = (name: string) => (dialect === 'postgres' ? `"${name}"` : name);
        const date = dialect === 'postgres' ? 'now()' : `'${new Date(now).toISOString()}'`;
        const verified = dialect === 'postgres' ? 'true' : '1';
        await seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO ${quoted('user')} (id, name, email, ${quoted('emailVerified')}, ${quoted('createdAt')}, ${quoted('updatedAt')}) ` +
            `SELECT 'growth-user-' || ${text('n.i')}, 'g', 'grower' || ${text('n.i')} || '@seeded.local', ${verified}, ${date}, ${date} FROM n`,
        );
        await seed(
          app,
          from + 1,
          to,
          () =>
            `INSERT INTO member (user_id, username, username_lower, referral_code, subscribe, invite_code, referred_by_code, referred_by_user_id, verified_at, created_at) ` +
            `SELECT 'growth-user-' || ${text('n.i')}, 'Grower' || ${text('n.i')}, 'grower' || ${text('n.i')}, 'GR' || ${text('n.i')}, 0, NULL, NULL, NULL, NULL, ${now} FROM n`,
        );
      },
      calls: {
        'member search by username prefix': async () => async () =>
          (await findMembers(db, 'grower12', { page: 0, size: 25 })).rows.length,
        'member search by email prefix': async () => async () =>
          (await findMembers(db, 'grower5', { page: 0, size: 25 })).rows.length,
      },
      explain: {
        'member search by username prefix': (db) => findMembers(db, 'grower12', { page: 0, size: 25 }),
      },
    },
  ];
}

async function measureOn(app: BenchApp, label: string, quick: boolean, explain = false): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of await scenarios(app, quick)) {
    const byCall = new Map<string, Row>();
    let have = 0;
    for (const size of scenario.sizes) {
      const started = performance.now();
      await scenario.grow(have, size);
      // GROWTH_ANALYZE=1: the tables as a database that grew slowly has them (autovacuum's VACUUM
      // ANALYZE on PostgreSQL: planner statistics and the visibility map its index-only scans need);
      // without it PostgreSQL plans the seeded tables by their empty-table statistics.
      if (process.env.GROWTH_ANALYZE === '1') {
        await sql.raw(app.deps.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(app.deps.db);
      }
      have = size;
      const seededS = (performance.now() - started) / 1000;
      if (seededS > 5)
        console.log(
          `  (${label}: seeded ${scenario.name.replace('N', size.toLocaleString('en-US'))} in ${seededS.toFixed(0)} s)`,
        );
      for (const [call, prepare] of Object.entries(scenario.calls)) {
        const row = byCall.get(call) ?? { call, dialect: label, sizes: scenario.sizes, ms: [], bytes: [] };
        byCall.set(call, row);
        const { ms, bytes } = await timed(await prepare());
        row.ms.push(ms);
        row.bytes.push(bytes);
      }
    }
    if (explain && scenario.explain) {
      // No ANALYZE first: the plans of the state the calls were just timed in.
      for (const [call, run] of Object.entries(scenario.explain)) {
        const size = (scenario.sizes.at(-1) ?? 0).toLocaleString('en-US');
        console.log(`  EXPLAIN ${label}, ${call}, ${scenario.name.replace('N', size)}:`);
        for (const line of await explainCalls(app, run)) console.log(line);
      }
    }
    for (const row of byCall.values()) {
      row.call = `${row.call} [${scenario.name}]`;
      rows.push(row);
    }
  }
  return rows;
}

const kb = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
      : `${(bytes / 1024).toFixed(1)} KB`;

/** The table of every call at every size, and one figure per call (largest over smallest, goal ≤ 2×). */
export async function measureGrowth(args: string[]): Promise<Figure[]> {
  const quick = args.includes('--quick');
  const explain = args.includes('--explain');
  const started = performance.now();
  const rows: Row[] = [];
  const sqliteApp = await benchApp();
  try {
    rows.push(...(await measureOn(sqliteApp, 'SQLite', quick, explain)));
  } finally {
    await sqliteApp.close();
  }
  const postgres = await postgresBenchDatabase();
  if (postgres) {
    const pgApp = await benchApp({ env: { DATABASE_URL: postgres.url } });
    try {
      rows.push(...(await measureOn(pgApp, 'PostgreSQL', quick, explain)));
    } finally {
      await pgApp.close();
      await postgres.drop();
    }
  }
  console.log(`\n  ${'call'.padEnd(78)} ${'db'.padEnd(10)} time at each size (answer size)`);
  for (const row of rows) {
    const cells = row.sizes.map(
      (size, i) =>
        `${size.toLocaleString('en-US')}: ${(row.ms[i] ?? Number.NaN).toFixed(1)} ms${row.bytes[i] ? ` (${kb(row.bytes[i] ?? null)})` : ''}`,
    );
    const ratio = (row.ms.at(-1) ?? Number.NaN) / (row.ms[0] ?? Number.NaN);
    console.log(
      `  ${ratio <= 2 ? 'PASS' : 'MISS'}  ${row.call.padEnd(72)} ${row.dialect.padEnd(10)} ${cells.join('   ')}`,
    );
  }
  console.log(
    `  (${quick ? 'quick sizes; ' : ''}seeding and timing took ${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  return rows.map((row) => ({
    label: `${row.call.replace(/ \[.*\]$/, '')} (${row.dialect})`,
    value: (row.ms.at(-1) ?? Number.NaN) / (row.ms[0] ?? Number.NaN),
    unit: '×',
    goal: { atMost: 2 },
    note: `largest over smallest: ${(row.ms.at(-1) ?? 0).toFixed(1)} / ${(row.ms[0] ?? 0).toFixed(1)} ms`,
  }));
}
