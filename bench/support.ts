import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

export interface BenchApp {
  url: string;
  deps: Awaited<ReturnType<typeof buildApp>>['deps'];
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  close(): Promise<void>;
}

/** The real server on a fresh file SQLite database, listening on a free loopback port. */
export async function benchApp(): Promise<BenchApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_SCALE: '1000000',
    PUBLIC_URL: 'http://127.0.0.1:3999',
  });
  const { app, deps } = await buildApp({ config, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, deps, app, close: () => app.close() };
}
