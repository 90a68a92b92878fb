import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorCode, errorMessage } from '../protocol/errors';
import { createAuth, migrateAuth } from './auth/index';
import { createAuthMail } from './auth/mail';
import type { Config } from './config';
import { type Clock, systemClock } from './core/clock';
import { initRewards } from './core/rewards/index';
import { type Db, openDatabase } from './db/index';
import { migrateToLatest } from './db/migrate';
import type { Deps } from './deps';
import { registerMedia } from './features/collectibles/media';
import { registerDevOutbox } from './features/devOutbox/routes';
import { registerAuthGuards } from './features/identity/authGuards';
import { allActions } from './features/index';
import { registerActions } from './http/actions';
import { registerAuthRoute } from './http/authRoute';
import { contentSecurityPolicy } from './http/security';
import { registerStatic } from './http/static';
import { type Mailer, outboxMailer, smtpMailer } from './mail/index';

export interface BuildOptions {
  config: Config;
  /** An open database to use instead of opening config.databaseUrl (tests). */
  database?: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** Serve the built web app (default: true). */
  serveWeb?: boolean;
}

export interface App {
  app: FastifyInstance;
  deps: Deps;
}

/** Assembles the whole server: database, auth, actions, static web app. Does not listen. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const database = options.database ?? openDatabase(config.databaseUrl);
  const clock = options.clock ?? systemClock;
  await migrateToLatest(database.db, database.dialect);
  await initRewards(database.db, config, clock.now());

  const mailer =
    options.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, () => clock.now()));
  const auth = createAuth({
    config,
    db: database.db,
    dialect: database.dialect,
    mail: createAuthMail(mailer, config.publicUrl),
  });
  await migrateAuth(auth);
  const deps: Deps = { config, db: database.db, dialect: database.dialect, auth, mailer, clock };

  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('Client-Version', config.version);
    reply.header('X-Request-Id', req.id);
  });
  app.addHook('onClose', async () => database.close());

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
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

  registerAuthGuards(app, deps);
  registerAuthRoute(app, auth, config.publicUrl);
  registerActions(app, deps, allActions(deps));
  registerMedia(app);
  if (!config.isProduction) registerDevOutbox(app, deps);

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

  return { app, deps };
}
