import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

/**
 * Password hashing with node:crypto's scrypt, which runs on libuv's thread pool and so never
 * blocks the event loop (Better Auth's default is a pure-JS scrypt on the main thread).
 * Format: `scrypt$N$r$p$salt$key` (hex), so parameters can be raised later.
 */
const rawScrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * At most this many hashes run at once. The thread pool (4 threads) also serves Better Auth's
 * WebCrypto signing; with every thread busy hashing, each sign-in's signing waits behind the whole
 * hash queue and sign-in throughput falls to a third of the KDF's. One thread stays free for it.
 */
const MAX_CONCURRENT = Math.max(1, Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1));
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(...args: Parameters<typeof rawScrypt>): Promise<Buffer> {
  // A finishing hash hands its slot straight to the next waiting one.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await rawScrypt(...args);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const PARAMS = { N: 16384, r: 16, p: 1 };
const KEY_LENGTH = 64;
const maxmem = (n: number, r: number) => 128 * n * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = PARAMS;
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, saltHex, keyHex] = hash.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(keyHex, 'hex');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(saltHex, 'hex'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return timingSafeEqual(key, expected);
}
