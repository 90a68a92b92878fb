import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Renders deploy/haproxy.cfg.template and runs HAProxy from Debian's package (the scale test,
 * `npm run bench -- scale`; .ci/run installs it). No home-made proxy anywhere.
 */
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));

/** An instance behind the balancer; `checkPort`: its HEALTH_PORT, where the health checks go (decision 0263). */
export interface BalancedServer {
  name: string;
  address: string;
  checkPort?: number;
}

export function renderHaproxyConfig(options: { listen: string; servers: BalancedServer[] }) {
  const template = readFileSync(path.resolve('deploy/haproxy.cfg.template'), 'utf8');
  const servers = options.servers
    .map((s) => `    server ${s.name} ${s.address} check${s.checkPort ? ` port ${s.checkPort}` : ''}`)
    .join('\n');
  return template.replace('{{LISTEN}}', options.listen).replaceAll('{{SERVERS}}', servers);
}

/** Resolves once a TCP connection to the port opens (HTTPS with a certificate no client here trusts). */
function connects(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/**
 * A self-signed certificate for 127.0.0.1 and its key in one PEM file (openssl, from Debian's
 * package), for HAProxy's HTTPS in the bench; null where openssl is not installed.
 */
export function selfSignedPem(): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
    ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
  ]);
  if (made.status !== 0) return null;
  const pem = path.join(dir, 'portal.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'));
  return pem;
}

export interface RunningHaproxy {
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startHaproxy(options: {
  port: number;
  servers: BalancedServer[];
  /**
   * A certificate and key (PEM, one file): HAProxy then answers HTTPS and speaks HTTP/2 to the
   * browsers that offer it, as docs/deploy.md's bind line does in production.
   */
  tlsPem?: string;
}): Promise<RunningHaproxy> {
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const tls = options.tlsPem ? ` ssl crt ${options.tlsPem} alpn h2,http/1.1` : '';
  writeFileSync(file, renderHaproxyConfig({ listen: `127.0.0.1:${options.port}${tls}`, servers: options.servers }));
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
      if (tls) await connects(options.port);
      else await fetch(`http://127.0.0.1:${options.port}/healthz`, { signal: AbortSignal.timeout(1000) });
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
