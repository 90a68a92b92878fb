import { hashPassword, verifyPassword } from '../src/server/auth/password';
import type { LoadResult } from './run';
import type { BenchApp } from './support';

type Load = (
  url: string,
  init?: { method?: string; body?: string; headers?: Record<string, string> },
) => Promise<LoadResult>;

export interface Measure {
  name: string;
  /** 'baseline' (default): shown as a ratio to bare node:http; 'kdf': the measure reports its own ratio. */
  against?: 'baseline' | 'kdf';
  goal?: string;
  run(app: BenchApp, load: Load): Promise<LoadResult & { note?: string }>;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
// Better Auth refuses cross-site-looking requests without an Origin in production (CSRF protection).
const json = { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999' };
const PASSWORD = 'bench-password-1';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** A registered member of the bench database, with its bearer token. */
async function benchMember(app: BenchApp, email: string): Promise<string> {
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, name: email.split('@')[0] }),
  });
  const token = signUp.headers.get('set-auth-token') ?? '';
  const registered = await fetch(`${app.url}/api/portal/registerUser`, {
    method: 'POST',
    headers: { ...form, authorization: `Bearer ${token}` },
    body: new URLSearchParams({ sUserName: email.split('@')[0] ?? 'bench', sCode: '', sReferredByCode: '' }),
  });
  const answer = (await registered.json()) as { iErrorCode: number };
  if (answer.iErrorCode !== 0) throw new Error(`bench member not registered: ${JSON.stringify(answer)}`);
  return token;
}

/** How many password verifications per second the machine's KDF does at 50 in flight (libuv pool). */
async function kdfCapacity(): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < until) {
      await verifyPassword({ hash, password: PASSWORD });
      done++;
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return done / SECONDS;
}

/** Each capability adds its measurements here. */
export const measures: Measure[] = [
  {
    name: 'isMaintenance',
    run: (app, load) => load(`${app.url}/api/portal/isMaintenance`, { headers: form, body: '' }),
  },
  {
    name: 'getUserData',
    goal: 'ratio ≥ 0.3',
    async run(app, load) {
      const token = await benchMember(app, 'reader@bench.local');
      return load(`${app.url}/api/portal/getUserData`, {
        headers: { ...form, authorization: `Bearer ${token}` },
        body: '',
      });
    },
  },
  {
    name: 'sign-in',
    against: 'kdf',
    goal: 'KDF ratio ≥ 0.8',
    async run(app, load) {
      await benchMember(app, 'signer@bench.local');
      const kdf = await kdfCapacity();
      const result = await load(`${app.url}/api/auth/sign-in/email`, {
        headers: json,
        body: JSON.stringify({ email: 'signer@bench.local', password: PASSWORD }),
      });
      return { ...result, note: `KDF ${kdf.toFixed(0)} verifications/s, ratio ${(result.rps / kdf).toFixed(2)}` };
    },
  },
];
