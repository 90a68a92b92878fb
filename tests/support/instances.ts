import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Real server processes (`node --import tsx src/server/cli/serve.ts`), as a deployment runs them:
 * the scale test and `npm run bench -- scale` start several on one PostgreSQL and one Redis.
 */
export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Output so far (stderr and stdout), for a failing test's message. */
  output(): string;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn('node', ['--import', 'tsx', 'src/server/cli/serve.ts'], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
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
