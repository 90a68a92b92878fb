import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ScryptPool } from './scryptPool';

/**
 * Password hashing with node:crypto's scrypt in worker threads (scryptPool.ts), one per core: never
 * on the event loop, and not on libuv's thread pool either, which stays free for Better Auth's
 * WebCrypto signing (Better Auth's default is a pure-JS scrypt on the main thread).
 * Format: `scrypt$N$r$p$salt$key` (hex), so parameters can be raised later.
 */
/** An idle worker holds ~12 MB and a hash 32 MB more: past 8 cores, more workers is mostly memory. */
const MAX_WORKERS = 8;
/** How many hashes run at once (the cores this process may use, as `taskset` limits them too). */
export const PASSWORD_WORKERS = Math.min(availableParallelism(), MAX_WORKERS);
const pool = new ScryptPool({ size: PASSWORD_WORKERS });

const PARAMS = { N: 16384, r: 16, p: 1 };
const KEY_LENGTH = 64;
const maxmem = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await pool.hash({
    password: password.normalize('NFKC'),
    salt,
    keylen: KEY_LENGTH,
    options: { N, r, p, maxmem: maxmem(N, r) },
  });
  return `scrypt$${N}$${r}$${p}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, saltHex, keyHex] = hash.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(keyHex, 'hex');
  const key = await pool.hash({
    password: password.normalize('NFKC'),
    salt: Buffer.from(saltHex, 'hex'),
    keylen: expected.length,
    options: { N, r: R, p: Number(p), maxmem: maxmem(N, R) },
  });
  return timingSafeEqual(key, expected);
}

/** Stops the hashing workers (idle ones at once, busy ones after their hash); the next hash starts new ones. */
export const closePasswordWorkers = (): Promise<void> => pool.close();
