import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { ErrorCode, errorMessage } from '../protocol/errors';
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
import { type ActionDef, registerActions } from './http/actions';
import { refuseNulCharacters, registerJsonParser } from './http/body';
import { trackInFlight } from './http/inFlight';
import { createMetrics, type Metrics, registerMetricsRoute } from './http/metrics';
import { requestLogger } from './http/requestLogger';
import { apiSecurityHeaders, securityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { type Mailer, outboxMailer, smtpMailer } from './mail/index';
import { type Bus, createBus } from './shared/bus';
import { type Clock, systemClock } from './shared/clock';
import { jobLeaseMs, type RunningJobs, startJobs } from './shared/jobs';
import { releaseLeases } from './shared/lease';
import { rateLimitStore } from './shared/redis';
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
  await migrateToLatest(database.db, database.dialect, [
    ...Object.entries(platformMigrations),
    ...allMigrations(capabilities),
  ]);
  await seedAll(capabilities, {
    db: database.db,
    dialect: database.dialect,
    config,
    now,
    gameVarDefinitions: allGameVarDefinitions(capabilities),
  });
}

/** Assembles the whole server from the capability list: database, actions, routes, static web app. Does not listen. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const database = options.database ?? openDatabase<Database>(config.databaseUrl);
  const clock = options.clock ?? systemClock;
  await prepareDatabase(database, config, clock.now());

  const mailer =
    options.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, () => clock.now()));
  // The bus may speak before the logger exists (Redis answers while capabilities start).
  let logger: FastifyBaseLogger | undefined;
  const bus =
    options.bus ??
    createBus({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      log: { warn: (o, m) => logger?.warn(o, m), info: (o, m) => logger?.info(o, m) },
    });
  const stopListening = listenForSettingsChanges(bus);
  const started = await startCapabilities(capabilities, {
    config,
    db: database.db,
    dialect: database.dialect,
    mailer,
    clock,
    bus,
  });

  // Request ids unique across instances and restarts, cheaper than a UUID per request.
  const requestIdPrefix = randomBytes(6).toString('base64url');
  let requests = 0;
  const app = Fastify({
    logger: loggerOptions(config),
    childLoggerFactory: requestLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : `${requestIdPrefix}-${++requests}`;
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Malformed URLs answer in the protocol's shape like everything else under /api.
    frameworkErrors: (error, _req, reply) => {
      const answer = reply as unknown as FastifyReply;
      answer.code(error.statusCode ?? 400).send({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: error.message });
    },
  });

  logger = app.log;

  // Open WebSockets (chat), counted where the HTTP server hands them over. Chat closes them with
  // 1012 (service restart: reconnect) in preClose, before the listener stops.
  const sockets = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let draining = false;
  const metrics = createMetrics(database, {
    openSockets: () => sockets.size,
    draining: () => draining,
    collectors: started.runtimes.flatMap((r) => r.metrics ?? []),
  });
  // Global hooks run on every request: they are synchronous (an async hook costs a promise and a
  // turn of the microtask queue each, more than answering isMaintenance).
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    let label = route ?? 'unmatched';
    if (route === '/api/:service/:action') {
      const { service, action } = req.params as { service: string; action: string };
      label = knownActions.has(`${service}/${action}`) ? `${service}/${action}` : 'unknown action';
    }
    metrics.request(label, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const inFlight = trackInFlight(app);
  app.addHook('onClose', async () => {
    // Handlers whose clients left still use the database: let them finish first.
    if (!(await inFlight.drained(10_000))) app.log.warn('closing the database with requests still running');
    await database.close();
  });
  app.addHook('onClose', async () => stopListening());
  if (!options.bus) app.addHook('onClose', async () => bus.close());

  const pageHeaders = { ...securityHeaders(config), 'client-version': config.version };
  const apiHeaders = { ...apiSecurityHeaders(config), 'client-version': config.version };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    reply.header('x-request-id', req.id);
    done();
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['Client-Version', 'set-auth-token', 'X-Request-Id'],
    maxAge: 600,
  });
  // With Redis the per-IP counters are shared by every instance (else each counts its own).
  const limitStore = rateLimitStore(config);
  if (limitStore)
    app.addHook('onClose', async () =>
      limitStore.quit().then(
        () => {},
        () => {},
      ),
    );
  await app.register(fastifyRateLimit, {
    global: true,
    ...(limitStore ? { redis: limitStore, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api/'),
    // The counters are announced only on a refusal (with Retry-After), not on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      iErrorCode: ErrorCode.RATE_LIMITED,
      sMessage: errorMessage(ErrorCode.RATE_LIMITED),
      retryAfterMs: context.ttl,
    }),
  });
  await app.register(fastifyFormbody);
  registerJsonParser(app);
  refuseNulCharacters(app);

  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ iErrorCode: ErrorCode.INTERNAL, sMessage: errorMessage(ErrorCode.INTERNAL) });
    }
    if (status === 429) return reply.code(429).send(error);
    return reply.code(status).send({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: error.message });
  });

  const databaseReachable = async () => {
    try {
      await sql`select 1`.execute(database.db);
      return true;
    } catch {
      return false;
    }
  };
  // Liveness: the process answers and its database does.
  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    if (await databaseReachable()) return { ok: true, version: config.version };
    return reply.code(503).send({ ok: false, version: config.version });
  });
  // Readiness: send traffic here (database and Redis reachable, not shutting down).
  app.get('/readyz', { config: { rateLimit: false } }, async (_req, reply) => {
    const checks = {
      database: await databaseReachable(),
      redis: bus.kind === 'memory' ? true : bus.connected(),
      draining,
    };
    const ok = checks.database && checks.redis && !draining;
    return reply.code(ok ? 200 : 503).send({ ok, version: config.version, instance: bus.instanceId, ...checks });
  });
  registerMetricsRoute(app, config, metrics);

  for (const runtime of started.runtimes) await runtime.routes?.(app);
  const knownActions = new Set(started.actions.map((a) => `${a.service}/${a.name}`));
  registerActions(app, started.ctx, started.actions, started.authenticate, (action, code) =>
    metrics.answer(action, code),
  );

  const webServed = options.serveWeb !== false && registerStatic(app, config.webDist);
  app.setNotFoundHandler((req, reply) => {
    if (
      webServed &&
      req.method === 'GET' &&
      !req.url.startsWith('/api/') &&
      req.headers.accept?.includes('text/html')
    ) {
      return reply.code(404).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ iErrorCode: 404, sMessage: 'Not found' });
  });

  let running: RunningJobs | null = null;
  const runJobs = () => {
    running ??= startJobs(
      {
        db: database.db,
        holder: bus.instanceId,
        log: app.log,
        leaseMs: (job) => jobLeaseMs(config, job.everyMs),
        now: () => clock.now(),
        observer: metrics.jobs,
      },
      started.jobs,
    );
    return running;
  };
  let shuttingDown: Promise<void> | null = null;
  const shutdown = () => {
    shuttingDown ??= (async () => {
      draining = true;
      await running?.stop();
      await releaseLeases(database.db, bus.instanceId).catch(() => 0);
      if (!(await inFlight.drained(config.shutdownGraceMs))) app.log.warn('shutting down with requests still running');
      await app.close();
    })();
    return shuttingDown;
  };
  return {
    app,
    deps: started.ctx,
    jobs: started.jobs,
    actions: started.actions,
    metrics,
    startJobs: runJobs,
    shutdown,
  };
}

/** JSON lines with request ids (production, tests); readable coloured lines in development (pino-pretty). */
function loggerOptions(config: Config) {
  if (config.logFormat === 'pretty') {
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
    };
  }
  return { level: config.logLevel };
}
