import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { ConsoleRole } from '../../../src/protocol/console';
import { freshTotp, totp } from '../../support/totp';
import { admin, latestMail, snap, uniqueEmail } from '../support';

/**
 * Operators in the browser tests (issue 27): the CLI bootstrap, the mailed link, TOTP enrolment
 * and a console session, through the same HTTP routes the console's screens use. The console's
 * own screens for these steps are proven by bootstrap.spec.ts; other specs start from here.
 */
export { freshTotp, totp };

/**
 * Waits for a dialog's opening animations to finish, for a screenshot of it. An animation the page
 * cancels meanwhile (a re-render on a slow machine) rejects its `finished`: that one is settled too.
 */
export const dialogSettled = (dialog: Locator) =>
  dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );

export const OPERATOR_PASSWORD = 'operator pass phrase 42';

export interface Operator {
  email: string;
  password: string;
  /** The TOTP secret (base32), from the otpauth URI. */
  secret: string;
  /** The 10 backup codes shown once at enrolment. */
  backupCodes: string[];
}

/** Which e2e server (and database): the members server by default, the operator server for global state. */
export type E2eServer = 'members' | 'operator';

export const uniqueOperatorEmail = (prefix = 'op') => uniqueEmail(prefix);

/**
 * The newest /console/welcome link mailed to `email`, as a path with its query: the CLI mails
 * links with its own PUBLIC_URL, not the test server's, so open it on the test server.
 */
export async function welcomeLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMail(request, email, /operator console/i);
  const link = mail.links.find((l) => l.includes('/console/welcome'));
  expect(link, `no /console/welcome link in ${JSON.stringify(mail.links)}`).toBeTruthy();
  const url = new URL(link as string);
  return url.pathname + url.search;
}

/**
 * `npm run admin -- operator add EMAIL --role ROLE`, then the mailed link's password, TOTP enrolment
 * confirmed with a computed code: an operator ready to sign in. `request` must reach the server of
 * `server` (its baseURL). `_page` is unused (kept for a stable signature).
 */
export async function bootstrapOperator(
  _page: Page | null,
  request: APIRequestContext,
  email: string,
  role: ConsoleRole,
  server: E2eServer = 'members',
): Promise<Operator> {
  admin(server, 'operator', 'add', email, '--role', role);
  const token = new URL(await welcomeLink(request, email), 'http://x').searchParams.get('token');
  const set = await request.post('/api/auth/reset-password', { data: { token, newPassword: OPERATOR_PASSWORD } });
  expect(set.status(), await set.text()).toBe(200);
  const signedIn = await request.post('/api/auth/sign-in/email', { data: { email, password: OPERATOR_PASSWORD } });
  const passwordToken = signedIn.headers()['set-auth-token'];
  expect(passwordToken, await signedIn.text()).toBeTruthy();
  const enabled = await request.post('/api/auth/two-factor/enable', {
    headers: { authorization: `Bearer ${passwordToken}` },
    data: { password: OPERATOR_PASSWORD },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    headers: { authorization: `Bearer ${passwordToken}`, 'x-console-sign-in': '1' },
    data: { code: freshTotp(secret) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password: OPERATOR_PASSWORD, secret, backupCodes };
}

/** How many backup codes each operator spent here (when three TOTP codes a minute are not enough). */
const backupCodesSpent = new Map<string, number>();

/**
 * A code for a new console session: a TOTP code not used yet (each works once, issue 35), else the
 * operator's next backup code.
 */
export function nextSecondFactor(op: Operator): { path: string; code: string } {
  try {
    return { path: '/api/auth/two-factor/verify-totp', code: freshTotp(op.secret) };
  } catch {
    const spent = backupCodesSpent.get(op.email) ?? 0;
    backupCodesSpent.set(op.email, spent + 1);
    return { path: '/api/auth/two-factor/verify-backup-code', code: op.backupCodes[spent] as string };
  }
}

/** A fresh console session's bearer token: password, then a code (the HTTP steps of the sign-in screen). */
export async function consoleSessionToken(request: APIRequestContext, op: Operator): Promise<string> {
  const secondFactor = nextSecondFactor(op);
  const first = await request.post('/api/auth/sign-in/email', { data: { email: op.email, password: op.password } });
  const challenge = first.headers()['set-two-factor-token'];
  expect(challenge, await first.text()).toBeTruthy();
  const verified = await request.post(secondFactor.path, {
    headers: { 'x-two-factor-token': challenge as string, 'x-console-sign-in': '1' },
    data: { code: secondFactor.code },
  });
  const token = verified.headers()['set-auth-token'];
  expect(token, await verified.text()).toBeTruthy();
  return token as string;
}

/** A console session confirmed afresh (issue 35): operator and cap changes need it within 5 minutes. */
export async function confirmedConsoleSessionToken(request: APIRequestContext, op: Operator): Promise<string> {
  const token = await consoleSessionToken(request, op);
  const confirmed = await consoleAction(request, token, 'confirmIdentity', {
    sPassword: op.password,
    sCode: nextSecondFactor(op).code,
  });
  expect(confirmed.iErrorCode).toBe(0);
  return token;
}

/**
 * Opens the console in `page` already signed in as `op` (a console session's token in this tab's
 * sessionStorage, seeded once per tab: a later sign-out or time-out sticks). Then `page.goto('/console/…')`.
 */
export async function consoleSignInPage(page: Page, op: Operator): Promise<void> {
  const token = await consoleSessionToken(page.request, op);
  await page.addInitScript((seeded) => {
    if (window.sessionStorage.getItem('e2e.consoleSeeded')) return;
    window.sessionStorage.setItem('e2e.consoleSeeded', '1');
    window.sessionStorage.setItem('console.token', seeded);
  }, token);
}

/** A console action over HTTP with an operator's token (arranging a test's state without the screens). */
export async function consoleAction<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  action: string,
  body: Record<string, unknown> = {},
): Promise<T & { iErrorCode: number }> {
  const response = await request.post(`/api/console/${action}`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  return (await response.json()) as T & { iErrorCode: number };
}

/** Screenshots of the current screen at 1280 and 375 px (`<name>-1280.png`, `<name>-375.png`), back at 1280 after. */
export async function snapWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
