import { type ChildProcess, spawn } from 'node:child_process';
import type { BalancedServer } from '../../scripts/haproxy';

/**
 * Real server processes (`node --import tsx src/server/cli/serve.ts`), as a deployment runs them:
 * the scale test and `npm run bench -- scale` start several on one PostgreSQL and one Redis.
 */
export interface Instance {
  name: string;
  port: number;
  /** Its HEALTH_PORT, where HAProxy's checks go (decision 0263), when it was given one. */
  healthPort?: number;
  url: string;
  process: ChildProcess;
  /** Output so far (stderr and stdout), for a failing test's message. */
  output(): string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  { healthPort }: { healthPort?: number } = {},
): Promise<Instance> {
  const own = { PORT: String(port), ...(healthPort ? { HEALTH_PORT: String(healthPort) } : {}) };
  const child = spawn('node', ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...own, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance ${name} not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    port,
    ...(healthPort ? { healthPort } : {}),
    url,
    process: child,
    output: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The instance as a `server` line of HAProxy's (scripts/haproxy.ts), checked on its HEALTH_PORT when it has one. */
export function balancedServer(instance: Instance): BalancedServer {
  const { name, port, healthPort } = instance;
  return { name, address: `127.0.0.1:${port}`, ...(healthPort ? { checkPort: healthPort } : {}) };
}
