import { execFile } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordWorkers, hashPassword, verifyPassword } from './password';
import { type ScryptJob, ScryptPool } from './scryptPool';

/** Made by the libuv-pool password.ts before hashing moved to worker threads. */
const OLD_HASH =
  'scrypt$16384$16$1$ceb8a05c1e27eb43347aed5cf101f071$4510aedac060e9535aa90a4a2e357566820f34ce83671a9963395ef1344a1154c3d318467c8c850343a7f0fa3a7e1a34d8ce5ebb10a3f38ac94e96b97cc95a63';
const OLD_PASSWORD = 'Ia! Ia! Cthulhu fhtagn';

/** Cheap parameters, so the pool tests run many hashes. */
const job = (password: string): ScryptJob => ({
  password,
  salt: Buffer.from(`salt-${password}`),
  keylen: 32,
  options: { N: 1024, r: 8, p: 1 },
});
const expected = ({ password, salt, keylen, options }: ScryptJob) => scryptSync(password, salt, keylen, options);

/** A worker that throws on its first job, as a crashing one would. */
const crashingWorker = () =>
  new Worker("require('node:worker_threads').parentPort.on('message', () => { throw new Error('boom'); });", {
    eval: true,
  });

afterAll(() => closePasswordWorkers());

describe('hashPassword and verifyPassword', () => {
  it('hash in the scrypt$N$r$p$salt$key format and verify only the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$16\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct horse batterY' })).toBe(false);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('verify hashes made before the worker pool', async () => {
    expect(await verifyPassword({ hash: OLD_HASH, password: OLD_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: OLD_HASH, password: `${OLD_PASSWORD}!` })).toBe(false);
  });

  it('compare passwords in NFKC form', async () => {
    const hash = await hashPassword('ﬁne password');
    expect(await verifyPassword({ hash, password: 'fine password' })).toBe(true);
  });

  it('refuse a hash of another scheme without hashing', async () => {
    expect(await verifyPassword({ hash: 'bcrypt$2b$10$abc', password: 'x' })).toBe(false);
    expect(await verifyPassword({ hash: '', password: 'x' })).toBe(false);
  });

  it('let a process that hashed exit (idle workers are unref’d)', async () => {
    const password = fileURLToPath(new URL('./password.ts', import.meta.url));
    const script = `import(${JSON.stringify(password)}).then(async (m) => console.log(await m.verifyPassword({ hash: ${JSON.stringify(OLD_HASH)}, password: ${JSON.stringify(OLD_PASSWORD)} })))`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      timeout: 20_000,
    });
    expect(stdout.trim()).toBe('true');
  });
});

describe('ScryptPool', () => {
  it('answers each hash with its own key, at most `size` workers at once', async () => {
    const pool = new ScryptPool({ size: 2 });
    const jobs = Array.from({ length: 12 }, (_, i) => job(`password ${i}`));
    const keys = await Promise.all(jobs.map((j) => pool.hash(j)));
    expect(pool.workers).toBe(2);
    expect(keys.map((key, i) => key.equals(expected(jobs[i] as ScryptJob)))).toEqual(jobs.map(() => true));
    await pool.close();
    expect(pool.workers).toBe(0);
  });

  it('rejects a hash scrypt refuses, and keeps hashing', async () => {
    const pool = new ScryptPool({ size: 1 });
    await expect(pool.hash({ ...job('x'), options: { N: 1000, r: 8, p: 1 } })).rejects.toThrow(/N|scrypt|param/i);
    expect((await pool.hash(job('y'))).equals(expected(job('y')))).toBe(true);
    await pool.close();
  });

  it('rejects the hashes of a worker that crashes, then replaces it', async () => {
    let spawned = 0;
    const pool = new ScryptPool({
      size: 1,
      spawn: () => (++spawned === 1 ? crashingWorker() : new Worker(new URL('./scryptWorker.mjs', import.meta.url))),
    });
    const [crashed, next] = await Promise.allSettled([pool.hash(job('a')), pool.hash(job('b'))]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { message: 'boom' } });
    expect(next.status).toBe('fulfilled');
    expect(spawned).toBe(2);
    await pool.close();
  });

  it('rejects rather than hangs when every worker crashes', async () => {
    const pool = new ScryptPool({ size: 2, spawn: crashingWorker });
    const results = await Promise.allSettled([pool.hash(job('a')), pool.hash(job('b')), pool.hash(job('c'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(pool.workers).toBe(0);
  });

  it('closes without losing a hash in flight, and starts again on the next one', async () => {
    const pool = new ScryptPool({ size: 1 });
    const inFlight = pool.hash(job('during close'));
    await pool.close();
    expect((await inFlight).equals(expected(job('during close')))).toBe(true);
    expect(pool.workers).toBe(0);
    expect((await pool.hash(job('after close'))).equals(expected(job('after close')))).toBe(true);
    await pool.close();
  });
});
