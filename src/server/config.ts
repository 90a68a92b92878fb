import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the server reads from its environment, with safe defaults (README lists each). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().default('file:./data/portal.db'),
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cthulhu Portal <no-reply@portal.local>'),
  REDIS_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  CONTRACT_ADDRESS: z.string().default('0x0000000000000000000000000000000000000000'),
  TRUST_PROXY: z.coerce.boolean().default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).default(1000),
  MINT_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  MINT_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  MINT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  databaseUrl: string;
  publicUrl: string;
  corsOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  authSecret: string;
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
  /** The server's build version, sent as Client-Version on every response. */
  version: string;
  /** The mint queue: items older than delayMs get a token id, batchSize at a time, every intervalMs. */
  mint: { delayMs: number; intervalMs: number; batchSize: number };
  /** Overrides of the named identity rate limits (features/identity/limits.ts), e.g. tiny windows in tests. */
  rateLimits?: Partial<Record<string, { max: number; windowMs: number }>>;
}

const DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

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
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    corsOrigins,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL || undefined,
    authSecret: env.AUTH_SECRET ?? DEV_SECRET,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    contractAddress: env.CONTRACT_ADDRESS,
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    settingsCacheMs: env.SETTINGS_CACHE_MS,
    version: readVersion(env.WEB_DIST),
    mint: { delayMs: env.MINT_DELAY_MS, intervalMs: env.MINT_INTERVAL_MS, batchSize: env.MINT_BATCH_SIZE },
    ...overrides,
  };
}
