import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the server reads from its environment, with safe defaults (README lists each). */
/** RATE_LIMITS: overrides of named rate limits (Config.rateLimits), as JSON. */
const namedLimits = z.record(
  z.string(),
  z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() }).strict(),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATABASE_URL: z.string().default('file:./data/portal.db'),
  DATA_DIR: z.string().default('data'),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cthulhu Portal <no-reply@portal.local>'),
  SUPPORT_EMAIL: z.string().email().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('portal'),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  CONTRACT_ADDRESS: z.string().default('0x0000000000000000000000000000000000000000'),
  TRUST_PROXY: z.coerce.boolean().default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  RATE_LIMITS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      const parsed = namedLimits.safeParse(safeJson(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'a JSON object of {"name": {"max": N, "windowMs": N}}' });
      return z.NEVER;
    }),
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).default(1000),
  USER_DATA_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  /** A console session idle this long needs a new sign-in (issue 27). */
  CONSOLE_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  MINT_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  MINT_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  MINT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  GAME_TIME_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  RAFFLE_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  DRAND_URL: z.string().url().default('https://api.drand.sh'),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  STATUS_INTERVAL_MS: z.coerce.number().int().min(200).default(5_000),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long an idle keep-alive connection stays open (Fastify's default; the browser tests' servers: longer). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  /** A second port for the balancer's health checks (HEALTH_PORT; decision 0263): none when unset. */
  healthPort?: number;
  databaseUrl: string;
  publicUrl: string;
  corsOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** The address the help page gives members (SUPPORT_EMAIL; default support@<public host>). */
  supportEmail: string;
  redisUrl?: string;
  /** Prefixes the Redis channel names (shared/bus.ts), so deployments sharing a Redis stay apart. */
  redisPrefix: string;
  authSecret: string;
  /** Where the secret came from, for the start-up log line (never the secret itself). */
  authSecretSource: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  contractAddress: string;
  trustProxy: boolean;
  /** Requests per minute per IP on /api (a coarse outer limit; sensitive actions have tighter ones). */
  rateLimitPerMinute: number;
  /** Multiplies every named per-account/per-IP limit (browser test servers raise it; one IP signs up many members). */
  rateLimitScale: number;
  /** How long the hot public reads of settings (maintenance, flags) are remembered in memory. */
  settingsCacheMs: number;
  /**
   * The longest a remembered getUserData answer is served (0: never remembered). Writes to what it
   * reads end it at once (shared/revisions.ts); this bounds only the live counters left out of that.
   */
  userDataCacheMs: number;
  /** Idle timeout of an operator's console session, in ms (CONSOLE_IDLE_MINUTES). */
  consoleIdleMs: number;
  /** The server's build version, sent as Client-Version on every response. */
  version: string;
  /** The mint queue: items older than delayMs get a token id, batchSize at a time, every intervalMs. */
  mint: { delayMs: number; intervalMs: number; batchSize: number };
  /**
   * How many times faster than real time a game run may arrive: 1 in production (forced), more on
   * browser test servers, whose scripted players fast-forward.
   */
  gameTimeScale: number;
  /** Pins the seed of every new game run (tests replaying a recorded run); random when absent. */
  gameSeed?: number;
  /** The raffle job: how often it runs, and where it fetches a committed drand round (docs/raffle-draw.md §8). */
  raffle: { intervalMs: number; drandUrl: string };
  /** Shortest lease of a leader-only job: a dead leader is replaced within it (shared/jobs.ts). */
  jobLeaseMs: number;
  /** How often each instance publishes its snapshot for the status page; one missing 3 intervals has left. */
  statusIntervalMs: number;
  /** Bearer token of GET /metrics; without one /metrics answers 404. */
  metricsToken?: string;
  /** 'pretty' (pino-pretty) by default in development, JSON lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** How long SIGTERM waits for requests in flight before closing anyway. */
  shutdownGraceMs: number;
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS; Fastify's 72 s when unset). */
  keepAliveTimeoutMs?: number;
  /** Overrides of the named identity rate limits (features/identity/limits.ts), e.g. tiny windows in tests. */
  rateLimits?: Partial<Record<string, { max: number; windowMs: number }>>;
}

/**
 * The secret that signs sessions and email links. AUTH_SECRET wins (required in production);
 * otherwise one is generated on first start and kept in the data folder (readable by its owner
 * only), so a default start is never signed with a value anyone could know. Tests get a fresh
 * one per process (every app a test builds shares it, like instances share AUTH_SECRET).
 */
const testSecret = randomBytes(32).toString('base64url');

function resolveAuthSecret(env: Env): { secret: string; source: string } {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, source: 'AUTH_SECRET' };
  if (env.NODE_ENV === 'test') return { secret: testSecret, source: 'random, for this test process' };
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make a new one`);
  return { secret, source: path.relative(process.cwd(), file) };
}

export function readVersion(webDist: string): string {
  try {
    const built = JSON.parse(readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version?: string };
    if (built.version) return built.version;
  } catch {
    // no build yet: fall back to the package version
  }
  return process.env.npm_package_version ?? '0.1.0';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const env = envSchema.parse(source);
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.AUTH_SECRET) {
    throw new Error('AUTH_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  const secret = resolveAuthSecret(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const corsOrigins = env.CORS_ORIGINS
    ? env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [new URL(publicUrl).origin];
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    ...(env.HEALTH_PORT ? { healthPort: env.HEALTH_PORT } : {}),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    corsOrigins,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL ?? `support@${new URL(publicUrl).hostname}`,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX,
    authSecret: secret.secret,
    authSecretSource: secret.source,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    contractAddress: env.CONTRACT_ADDRESS,
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    rateLimits: env.RATE_LIMITS,
    settingsCacheMs: env.SETTINGS_CACHE_MS,
    userDataCacheMs: env.USER_DATA_CACHE_MS,
    consoleIdleMs: env.CONSOLE_IDLE_MINUTES * 60_000,
    version: readVersion(env.WEB_DIST),
    mint: { delayMs: env.MINT_DELAY_MS, intervalMs: env.MINT_INTERVAL_MS, batchSize: env.MINT_BATCH_SIZE },
    gameTimeScale: isProduction ? 1 : env.GAME_TIME_SCALE,
    raffle: { intervalMs: env.RAFFLE_INTERVAL_MS, drandUrl: env.DRAND_URL },
    jobLeaseMs: env.JOB_LEASE_MS,
    statusIntervalMs: env.STATUS_INTERVAL_MS,
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    ...overrides,
  };
}
