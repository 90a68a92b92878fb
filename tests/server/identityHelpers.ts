import type { Config } from '../../src/server/config';
import { DEFAULT_LIMITS, type LimitName } from '../../src/server/features/identity/limits';
import type { TestApp } from '../support/app';

/** Shared by the identity tests: Better Auth calls through inject, the dev outbox, limits. */
export const PASSWORD = 'correct horse battery';

/** Limits no ordinary test trips (the rate limit tests set their own). */
export const ROOMY_LIMITS: Config['rateLimits'] = Object.fromEntries(
  (Object.keys(DEFAULT_LIMITS) as LimitName[]).map((name) => [name, { max: 100_000, windowMs: 60_000 }]),
);

let counter = 0;
/** A fresh email address per call, so tests in one app never collide. */
export function uniqueEmail(prefix = 'seeker'): string {
  counter += 1;
  return `${prefix}${counter}.${process.pid}@example.com`;
}

export interface AuthResponse {
  status: number;
  body: Record<string, unknown> | null;
  token: string | undefined;
}

/** A JSON request to Better Auth at /api/auth/<path>. */
export async function auth(
  t: TestApp,
  path: string,
  options: { body?: unknown; token?: string; ip?: string; method?: 'GET' | 'POST' } = {},
): Promise<AuthResponse> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const response = await t.app.inject({
    method,
    url: `/api/auth${path}`,
    remoteAddress: options.ip,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const header = response.headers['set-auth-token'];
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Record<string, unknown> | null) : null,
    token: typeof header === 'string' ? header : undefined,
  };
}

/** Creates an account (signed in) and answers its bearer token. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  const response = await auth(t, '/sign-up/email', { body: { email, password, name: email.split('@')[0] } });
  if (response.status !== 200 || !response.token) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.token;
}

export function signIn(t: TestApp, email: string, password = PASSWORD, ip?: string): Promise<AuthResponse> {
  return auth(t, '/sign-in/email', { body: { email, password }, ip });
}

/** Marks an account verified directly in Better Auth's table (tests that do not test verification). */
export async function markVerified(t: TestApp, email: string): Promise<void> {
  await t.deps.db
    .updateTable('user')
    .set({ emailVerified: t.deps.dialect === 'postgres' ? true : 1 })
    .where('email', '=', email)
    .execute();
}

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Mail in the dev outbox, oldest first, optionally only to one address. */
export async function outbox(t: TestApp, to?: string): Promise<StoredMail[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const mail = (response.json() as { aMail: StoredMail[] }).aMail;
  return to ? mail.filter((m) => m.to === to) : mail;
}

/** The mode and token of the /authaction link in a mail. */
export function authAction(mail: StoredMail): { mode: string; token: string } {
  const link = mail.links.find((l) => l.includes('/authaction'));
  if (!link) throw new Error(`no /authaction link in "${mail.subject}"`);
  const url = new URL(link);
  return { mode: url.searchParams.get('mode') ?? '', token: url.searchParams.get('token') ?? '' };
}

/** Waits until `to` has at least `count` mails and answers the newest. */
export async function waitForMail(t: TestApp, to: string, count = 1): Promise<StoredMail> {
  for (let i = 0; i < 100; i++) {
    const mail = await outbox(t, to);
    if (mail.length >= count) return mail[mail.length - 1] as StoredMail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail #${count} to ${to}`);
}

/**
 * Closes the app, then drops its database. pg's pool.end() resolves before its sockets are
 * closed, so dropping WITH (FORCE) at once can kill them and raise stray 57P01 errors.
 */
export async function closeTestApp(t: TestApp | undefined): Promise<void> {
  if (!t) return;
  await t.app.close();
  if (t.deps.dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 100));
  await t.db.drop();
}
