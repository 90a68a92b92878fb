import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Renders deploy/haproxy.cfg.template and runs HAProxy from Debian's package (the scale test,
 * `npm run bench -- scale`; .ci/run installs it). No home-made proxy anywhere.
 */
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));

export function renderHaproxyConfig(options: { listen: string; servers: Array<{ name: string; address: string }> }) {
  const template = readFileSync(path.resolve('deploy/haproxy.cfg.template'), 'utf8');
  const servers = options.servers.map((s) => `    server ${s.name} ${s.address} check`).join('\n');
  return template.replace('{{LISTEN}}', options.listen).replace('{{SERVERS}}', servers);
}

export interface RunningHaproxy {
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startHaproxy(options: {
  port: number;
  servers: Array<{ name: string; address: string }>;
}): Promise<RunningHaproxy> {
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, renderHaproxyConfig({ listen: `127.0.0.1:${options.port}`, servers: options.servers }));
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it accepts connections.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors}`);
    try {
      await fetch(`http://127.0.0.1:${options.port}/healthz`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
