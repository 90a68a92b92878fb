import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

export interface BenchApp {
  url: string;
  deps: Awaited<ReturnType<typeof buildApp>>['deps'];
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  close(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real server on a fresh file SQLite database (or env DATABASE_URL), on a loopback port (a free one by default). */
export async function benchApp(
  options: { serveWeb?: boolean; env?: Record<string, string>; port?: number } = {},
): Promise<BenchApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000000',
    PUBLIC_URL: url,
    ...options.env,
  });
  const { app, deps } = await buildApp({ config, serveWeb: options.serveWeb ?? false });
  await app.listen({ host: '127.0.0.1', port });
  return { url, deps, app, close: () => app.close() };
}

/**
 * A fresh PostgreSQL database for the measures that report PostgreSQL beside SQLite, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server; null otherwise.
 */
export async function postgresBenchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
export const BENCH_PASSWORD = 'bench-password-1';

/** A registered member of the bench database, with its bearer token and account id. */
export async function benchMember(app: { url: string }, email: string): Promise<{ token: string; userId: string }> {
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    // Better Auth refuses cross-site-looking requests without an Origin in production (CSRF protection).
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, name: email.split('@')[0] }),
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
