/**
 * The rehearsal's own servers (bench/rehearsal.ts): a private PostgreSQL cluster and a private
 * Redis it may restart without disturbing anyone else on the machine, and an SMTP sink that counts
 * every mail by recipient. Each is a child process (or an in-process server) stopped at the end.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface PrivatePostgres {
  /** The admin URL (database `postgres`). */
  url: string;
  /** Whether it is a cluster of our own (restartable), or the shared server given in TEST_DATABASE_URL. */
  own: boolean;
  /** A fresh database on it. */
  database(name: string): Promise<string>;
  /** `pg_ctl restart -m fast`: every connection dropped, the server back when this resolves. */
  restart(): Promise<number>;
  stop(): Promise<void>;
}

function binDir(): string | null {
  try {
    const versions = execFileSync('ls', ['/usr/lib/postgresql']).toString().trim().split('\n').sort();
    const latest = versions.at(-1);
    return latest ? `/usr/lib/postgresql/${latest}/bin` : null;
  } catch {
    return null;
  }
}

/**
 * initdb + pg_ctl in a temporary directory on `port` (as the `postgres` user when run as root:
 * initdb refuses root). fsync off: a rehearsal's cluster is thrown away, and the restart fault is
 * a clean one (`-m fast`), not a power cut.
 */
export async function privatePostgres(port: number): Promise<PrivatePostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'rehearsal-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' });
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    const data = path.join(dir, 'data');
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=256MB`;
    const ctl = (...args: string[]) =>
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '120', ...args]);
    ctl('-o', options, 'start');
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      url,
      own: true,
      async database(name) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`CREATE DATABASE ${name}`);
        await client.end();
        return url.replace(/\/postgres$/, `/${name}`);
      },
      async restart() {
        const started = Date.now();
        ctl('-m', 'fast', '-o', options, 'restart');
        return Date.now() - started;
      },
      async stop() {
        try {
          ctl('-m', 'immediate', 'stop');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    console.warn(`  (no private PostgreSQL: ${String(error).slice(0, 300)})`);
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** The shared server of TEST_DATABASE_URL: a database of our own; its "restart" drops our connections only. */
export function sharedPostgres(admin: string): PrivatePostgres {
  const names: string[] = [];
  const query = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url: admin,
    own: false,
    async database(name) {
      await query(`CREATE DATABASE ${name}`);
      names.push(name);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async restart() {
      const started = Date.now();
      for (const name of names)
        await query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      return Date.now() - started;
    },
    async stop() {
      for (const name of names) await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

export interface PrivateRedis {
  url: string;
  /** Stops the server (SIGKILL) and starts it again, empty: what a crashed Redis without persistence gives. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(port: number): Promise<PrivateRedis | null> {
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        if (Date.now() > deadline || child.exitCode !== null) throw new Error('redis-server did not start');
        await sleep(100);
      }
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    console.warn(`  (no private Redis: ${String(error)})`);
    return null;
  }
  return {
    url,
    async restart(downMs = 1000) {
      await kill();
      await sleep(downMs);
      await start();
    },
    stop: kill,
  };
}

export interface MailSink {
  port: number;
  /** Mails received per recipient. */
  byRecipient: Map<string, number>;
  total(): number;
  /** From the next recipient on, for `ms`, every recipient is answered 451 (try again later), as a busy server does. */
  deferFor(ms: number): void;
  /** Recipients answered 451 so far. */
  deferred(): number;
  stop(): Promise<void>;
}

export async function mailSink(port: number): Promise<MailSink> {
  const byRecipient = new Map<string, number>();
  let total = 0;
  let deferUntil = 0;
  let deferNext = 0;
  let deferred = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (deferNext > 0) {
        deferUntil = Date.now() + deferNext;
        deferNext = 0;
      }
      if (Date.now() >= deferUntil) return callback();
      deferred++;
      callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) {
          byRecipient.set(to.address, (byRecipient.get(to.address) ?? 0) + 1);
        }
        total++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    byRecipient,
    total: () => total,
    deferFor: (ms) => {
      deferNext = ms;
    },
    deferred: () => deferred,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
