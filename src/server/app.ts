import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
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
import { capabilities } from './features/index';
import { type ActionDef, registerActions } from './http/actions';
import { refuseNulCharacters, registerJsonParser } from './http/body';
import { trackInFlight } from './http/inFlight';
import { securityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { type Mailer, outboxMailer, smtpMailer } from './mail/index';
import { type Bus, createBus } from './shared/bus';
import { type Clock, systemClock } from './shared/clock';

export interface BuildOptions {
  config: Config;
  /** An open database to use instead of opening config.databaseUrl (tests). */
  database?: Db;
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
  deps: AppContext;
  /** Every capability's background jobs; main.ts runs them on their timers. */
  jobs: Job[];
  /** Every action the router serves (the fuzz test reads it). */
  actions: ActionDef[];
}

/** The schema every capability needs, then their shipped content: at start and before operator commands. */
export async function prepareDatabase(database: Db, config: Config, now: number): Promise<void> {
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
  const database = options.database ?? openDatabase(config.databaseUrl);
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
  const started = await startCapabilities(capabilities, {
    config,
    db: database.db,
    dialect: database.dialect,
    mailer,
    clock,
    bus,
  });

  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
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

  app.addHook('onSend', async (req, reply) => {
    reply.header('Client-Version', config.version);
    reply.header('X-Request-Id', req.id);
  });
  const inFlight = trackInFlight(app);
  app.addHook('onClose', async () => {
    // Handlers whose clients left still use the database: let them finish first.
    if (!(await inFlight.drained(10_000))) app.log.warn('closing the database with requests still running');
    await database.close();
  });
  if (!options.bus) app.addHook('onClose', async () => bus.close());

  const security = securityHeaders(config);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(security);
    done();
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['Client-Version', 'set-auth-token', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(fastifyRateLimit, {
    global: true,
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

  app.get('/healthz', async (_req, reply) => {
    try {
      await database.db.selectFrom('setting').select('key').limit(1).execute();
      return { ok: true, version: config.version };
    } catch {
      return reply.code(503).send({ ok: false, version: config.version });
    }
  });

  for (const runtime of started.runtimes) await runtime.routes?.(app);
  registerActions(app, started.ctx, started.actions, started.authenticate);

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

  return { app, deps: started.ctx, jobs: started.jobs, actions: started.actions };
}
