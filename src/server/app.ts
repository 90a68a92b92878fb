import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  type AppContext,
  allGameVarDefinitions,
  allMigrations,
  type Job,
  seedAll,
  startCapabilities,
} from './capability';
import type { Config } from './config';
import { type Db, openDatabase } from './db/index';
import { migrateToLatest } from './db/migrate';
import { platformMigrations } from './db/migrations';
import { capabilities, type Database } from './features/index';
import type { ActionDef } from './http/actions';
import type { ConsoleActionDef } from './http/consoleActions';
import { createMetrics, type Metrics } from './http/metrics';
import { type Mailer, outboxMailer, smtpMailer } from './mail/index';
import { mailRetryJob, retryingMailer } from './mail/retry';
import { consoleActions, memberActions } from './plugins/actions';
import { bodies } from './plugins/bodies';
import { capabilityRoutes } from './plugins/capabilityRoutes';
import { closeResources } from './plugins/closing';
import { cors } from './plugins/cors';
import { errorAnswers } from './plugins/errors';
import { answerHeaders } from './plugins/headers';
import { health } from './plugins/health';
import { inFlight } from './plugins/inFlight';
import { jobRunner } from './plugins/jobs';
import { metricsRoute } from './plugins/metricsRoute';
import { perIpRateLimit } from './plugins/perIpRateLimit';
import { recordRequests } from './plugins/requestMetrics';
import { createServer } from './plugins/server';
import { gracefulShutdown } from './plugins/shutdown';
import { countSockets } from './plugins/sockets';
import { webAppAndNotFound } from './plugins/webApp';
import { type Bus, createBus } from './shared/bus';
import { type Clock, systemClock } from './shared/clock';
import { instanceProbe } from './shared/instance';
import type { RunningJobs } from './shared/jobs';
import { listenForSettingsChanges } from './shared/settingsBus';

export interface BuildOptions {
  config: Config;
  /** An open database to use instead of opening config.databaseUrl (tests). */
  database?: Db<Database>;
  clock?: Clock;
  mailer?: Mailer;
  /** Serve the built web app (default: true). */
  serveWeb?: boolean;
  /** A bus to use instead of the one config.redisUrl calls for (tests); its owner closes it. */
  bus?: Bus;
}

export interface App {
  app: FastifyInstance;
  /** The shared services and composed hooks every capability got (tests call them directly). */
  deps: AppContext<Database>;
  /** Every capability's background jobs; main.ts runs them on their timers. */
  jobs: Job[];
  /** Every action the router serves (the fuzz test reads it). */
  actions: ActionDef[];
  /** Every console action (`POST /api/console/<name>`): the fuzz and per-role tests read it. */
  consoleActions: ConsoleActionDef[];
  metrics: Metrics;
  /** Starts every job on its timer (leader-only ones behind their lease); main.ts calls it. */
  startJobs(): RunningJobs;
  /**
   * Graceful shutdown (SIGTERM): /readyz answers 503 at once, the jobs stop and give up their
   * leases, WebSockets close with 1012 (service restart: reconnect), requests in flight finish
   * (up to config.shutdownGraceMs), then the listener and the database close.
   */
  shutdown(): Promise<void>;
}

/** The schema every capability needs, then their shipped content: at start and before operator commands. */
export async function prepareDatabase(database: Db<Database>, config: Config, now: number): Promise<void> {
  const { db, dialect } = database;
  await migrateToLatest(db, dialect, [...Object.entries(platformMigrations), ...allMigrations(capabilities)]);
  await seedAll(capabilities, { db, dialect, config, now, gameVarDefinitions: allGameVarDefinitions(capabilities) });
}

/**
 * Assembles the whole server from the capability list: database, actions, routes, static web app.
 * Does not listen. Each concern is one Fastify plugin of plugins/ (decision 0234): those that hook
 * or decorate the whole app through fastify-plugin, the route-only ones in their own context.
 */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const database = options.database ?? openDatabase<Database>(config.databaseUrl);
  const clock = options.clock ?? systemClock;
  await prepareDatabase(database, config, clock.now());

  const smtp = !options.mailer && config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, { pooled: true }) : null;
  const directMailer = options.mailer ?? smtp ?? outboxMailer(database.db, () => clock.now());
  // The bus and the mail queue may speak before the logger exists (Redis answers while capabilities start).
  let logger: FastifyBaseLogger | undefined;
  const mailRetry = {
    db: database.db,
    now: () => clock.now(),
    log: { warn: (o: object, m: string) => logger?.warn(o, m), error: (o: object, m: string) => logger?.error(o, m) },
  };
  const mailer = retryingMailer(directMailer, mailRetry);
  const bus =
    options.bus ??
    createBus({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      log: { warn: (o, m) => logger?.warn(o, m), info: (o, m) => logger?.info(o, m) },
    });
  const stopListening = listenForSettingsChanges(bus);
  const instance = instanceProbe(clock.now());
  const { db, dialect } = database;
  const deps = { config, db, dialect, mailer, directMailer, clock, bus, instance };
  const started = await startCapabilities(capabilities, deps, [mailRetryJob(directMailer, mailRetry)]);

  const app = createServer(config);
  logger = app.log;
  // Hooks run in the order they were added: each plugin's `dependencies` names what must come before it.
  await app.register(inFlight);
  await app.register(countSockets);
  const metrics = createMetrics(database, {
    openSockets: () => app.openSockets(),
    draining: () => app.draining(),
    collectors: started.runtimes.flatMap((r) => r.metrics ?? []),
  });
  instance.attach(metrics);
  const lease = { config, db, holder: bus.instanceId };
  await app.register(jobRunner, { ...lease, clock, observer: metrics.jobs, jobs: started.jobs });
  await app.register(gracefulShutdown, { ...lease, onDrain: () => instance.drained() });
  await app.register(recordRequests, { metrics, actions: started.actions });
  const resources = [
    () => database.close(),
    async () => stopListening(),
    async () => metrics.stop(),
    async () => smtp?.close(),
  ];
  await app.register(closeResources, { resources: [...resources, ...(options.bus ? [] : [() => bus.close()])] });
  await app.register(answerHeaders, { config });
  await app.register(cors, { config });
  const uncounted = started.actions.filter((a) => a.uncounted).map((a) => `/api/${a.service}/${a.name}`);
  await app.register(perIpRateLimit, { config, uncounted });
  await app.register(bodies);
  await app.register(errorAnswers);
  await app.register(health, { config, db, bus });
  await app.register(metricsRoute, { config, metrics });
  await app.register(capabilityRoutes, { runtimes: started.runtimes });
  await app.register(memberActions, { started, metrics });
  await app.register(consoleActions, { started, metrics });
  await app.register(webAppAndNotFound, { config, serve: options.serveWeb !== false });
  return {
    app,
    deps: started.ctx,
    jobs: started.jobs,
    actions: started.actions,
    consoleActions: started.consoleActions,
    metrics,
    startJobs: () => app.jobs.start(),
    shutdown: () => app.shutdown(),
  };
}
