import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/shared/clock';
import { createTestDb, type TestDb } from './db';

/** A mutable clock for tests that move time (daily rewards, link expiry). */
export function testClock(
  start = Date.UTC(2026, 0, 5, 12),
): Clock & { set(ms: number): void; advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  deps: Awaited<ReturnType<typeof buildApp>>['deps'];
  actions: Awaited<ReturnType<typeof buildApp>>['actions'];
  consoleActions: Awaited<ReturnType<typeof buildApp>>['consoleActions'];
  /** Every job the app runs (a test runs one's `run` to play a tick). */
  jobs: Awaited<ReturnType<typeof buildApp>>['jobs'];
  /** Starts every job on its timer, as main.ts does (tests usually run a job's `run` directly). */
  startJobs?: Awaited<ReturnType<typeof buildApp>>['startJobs'];
  db: TestDb;
  config: Config;
  /** POST a form-encoded action and return its JSON answer. */
  call(
    path: string,
    fields?: Record<string, string | number | boolean>,
    token?: string,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
  /** The graceful shutdown of SIGTERM (readyz 503, leases released, in-flight finished), then the database dropped. */
  shutdown?(): Promise<void>;
}

/** POSTs a form-encoded action (`name` under /api/portal, or a full path) through inject; answers its JSON. */
export function actionCaller(app: TestApp['app']): TestApp['call'] {
  return async (path, fields = {}, token) => {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    const response = await app.inject({
      method: 'POST',
      url: path.startsWith('/') ? path : `/api/portal/${path}`,
      payload: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return response.json();
  };
}

export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  options: { env?: Record<string, string>; clock?: Clock; config?: Partial<Config>; database?: TestDb } = {},
): Promise<TestApp> {
  // A given database lets two app instances share one (each with its own connection).
  const db = options.database ?? (await createTestDb(dialect));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      SETTINGS_CACHE_MS: '0',
      ...options.env,
    },
    { databaseUrl: db.url, ...options.config },
  );
  const built = await buildApp({ config, database: db, clock: options.clock, serveWeb: false });
  const { app, deps, actions, consoleActions, startJobs, jobs } = built;
  return {
    app,
    deps,
    jobs,
    actions,
    consoleActions,
    startJobs,
    db,
    config,
    call: actionCaller(app),
    async close() {
      await app.close();
      await db.drop();
    },
    async shutdown() {
      await built.shutdown();
      await db.drop();
    },
  };
}
