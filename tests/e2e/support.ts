/**
 * Helpers of the browser flows. How a flow waits (decision 0221): the machine may be slow and busy
 * (`npm run test:e2e:stress` runs the flows beside a busy core, with no retry; decision 0223).
 * - Wait for a state the page shows (a heading, a URL, a settled mark), never for a time: no
 *   `waitForTimeout` before asserting that something is absent. "No popup": `rewardPopupsSettled`
 *   first; "no maintenance alert": `maintenanceChecked` first (decision 0222).
 * - The page runs timers of its own: the maintenance poll every 5 s while visible (decision 0182),
 *   the notification counts on start and every minute plus the chat socket's pushes, the
 *   maintenance screen's check every 30 s, dialog close animations (600 ms), the raffle replay's
 *   steps. A step must not assume one has not fired yet: take that path away for the flow
 *   (global-state.spec.ts answers the poll with page.route) or accept either outcome.
 * - Closing a popup sends its acknowledgement: await `popupAcknowledged` (closeRewardPopups does)
 *   before a reload, or the reload may cancel it and the popup shows again.
 * - The test servers (playwright.config.ts) keep the jobs' default intervals: raffle 5 s,
 *   announcements 2 s, notifications 1 s, mint 5 s (after 30 s), status 5 s. Raffle flows open in
 *   an hour and close in days, driven by the CLI, so no job races them. A flow that needs a job not
 *   to fire sets that server's interval there, with a comment. Their idle keep-alive connections
 *   last 10 minutes (KEEP_ALIVE_TIMEOUT_MS), so a request context idle through slow CLI runs is
 *   never reset under a flow.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

// A plain Node process (no tsx, ~50 ms) that hands one call to the tool's process and prints its answer.
const ADMIN_CLIENT = `
const [url, body] = process.argv.slice(1);
const answer = await (await fetch(url, { method: 'POST', body })).json();
process.stdout.write(answer.output);
process.exitCode = answer.exitCode;`;

/**
 * Runs the operator CLI against one of the test servers' databases (through its one process,
 * adminServer.ts: the same `runTool` as `npm run admin`); answers its output, throws when it
 * fails, the output in the error's `stdout`.
 */
export function admin(database: 'members' | 'operator', ...args: string[]): string {
  const url = `http://127.0.0.1:${process.env.E2E_ADMIN_PORT}/`;
  const body = JSON.stringify({ database, args });
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', ADMIN_CLIENT, url, body], { encoding: 'utf8' });
  if (run.status !== 0) {
    // `stdout` as on execFileSync's error: a test of a refusal reads the tool's sentence there.
    throw Object.assign(new Error(`admin ${args.join(' ')} (${database}) failed: ${run.stdout}${run.stderr}`), {
      stdout: run.stdout,
    });
  }
  return run.stdout.trim();
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: number;
}

/** The newest mail sent to `to` (waits for it), from the dev outbox. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/outbox');
      const { aMail } = (await response.json()) as { aMail: OutboxMail[] };
      found = aMail.filter((m) => m.to === to && (!subject || subject.test(m.subject))).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMail;
}

/**
 * Saves a screenshot under tests/e2e/screenshots for a person to look at before a change is done.
 * Nothing compares it: call it inside a test that asserts what the screen must show.
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * Waits for the page's finite animations (a dialog or card fading in) to end: axe reads colours as
 * painted, and mid-fade a chip's text measures below its contrast (CI under load caught one).
 * Endless ones (a spinner) are left running; a cancelled animation counts as ended.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      // A bound, not a wait: an animation of a tab the browser does not draw may never finish.
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** No serious or critical accessibility violations on the current page (axe-core's WCAG rules). */
export async function expectAccessible(page: Page): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** No accessibility violation of any impact (minor and moderate too) on the current page: issue 28's bar. */
export async function expectAccessibleStrict(page: Page, label = page.url()): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    ),
    label,
  ).toEqual([]);
}

export const uniqueEmail = (prefix = 'member') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export const PASSWORD = 'correct-horse-42';

export interface Member {
  email: string;
  password: string;
  token: string;
  userName: string;
}

/** A unique valid username (3–20 letters, digits, _). */
export const uniqueUserName = (prefix = 'm') =>
  `${prefix}_${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);

/**
 * Points for a flow's setup, from the CLI (as an operator gives them), with the gift's popup
 * acknowledged so it stays out of the flow's way (tests/e2e/console/members.spec.ts shows it).
 */
export async function grantPoints(
  request: APIRequestContext,
  server: 'members' | 'operator',
  member: Member,
  points: number,
  reason?: string,
): Promise<void> {
  admin(server, 'grant', 'points', member.email, String(points), ...(reason?.split(' ') ?? []));
  const ack = await request.post('/api/portal/ackNotices', {
    headers: { authorization: `Bearer ${member.token}` },
    form: { sKinds: 'aRewardNotices' },
  });
  expect((await ack.json()).iErrorCode).toBe(0);
}

/** Signs up through Better Auth and registers the profile; `verified` follows the outbox link. */
export async function registerMember(
  request: APIRequestContext,
  options: {
    verified?: boolean;
    referralCode?: string;
    sCode?: string;
    email?: string;
    keepNotices?: boolean;
    /** Asks for news by email (registerUser's bSubscribe). */
    subscribe?: boolean;
  } = {},
): Promise<Member> {
  const email = options.email ?? uniqueEmail();
  const userName = uniqueUserName();
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: userName } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const token = signUp.headers()['set-auth-token'] as string;
  const registered = await request.post('/api/portal/registerUser', {
    headers: { authorization: `Bearer ${token}` },
    form: {
      sUserName: userName,
      sCode: options.sCode ?? '',
      sReferredByCode: options.referralCode ?? '',
      bSubscribe: options.subscribe ? '1' : '0',
    },
  });
  expect((await registered.json()).iErrorCode).toBe(0);
  if (options.verified !== false) {
    await request.post('/api/portal/sendVerificationEmail', { headers: { authorization: `Bearer ${token}` } });
    const mail = await latestMail(request, email, /verify/i);
    const link = new URL(authLink(mail));
    const verified = await request.get(`/api/auth/verify-email?token=${link.searchParams.get('token')}`);
    expect(verified.status()).toBe(200);
  }
  if (!options.keepNotices) {
    // Most flows are not about the welcome popups: acknowledge them so they stay out of the way.
    const ack = await request.post('/api/portal/ackNotices', {
      headers: { authorization: `Bearer ${token}` },
      form: {
        sKinds:
          'pNFT,pRegisterNFT,pArtNFT,iNewUserRaffleTickets,iReferralRaffleTickets,bReferralCodeUsed,bInvalidReferralCode,iLoginRewardDay',
      },
    });
    expect((await ack.json()).iErrorCode).toBe(0);
  }
  return { email, password: PASSWORD, token, userName };
}

/** Opens the portal in `page` already signed in as `member` (its token in this tab's session). */
export async function signInPage(page: Page, member: Member): Promise<void> {
  // Seeded once per tab: later loads keep whatever the app stored (a refreshed token, a sign-out).
  await page.addInitScript((token) => {
    if (window.sessionStorage.getItem('e2e.seeded')) return;
    window.sessionStorage.setItem('e2e.seeded', '1');
    window.sessionStorage.setItem('auth.token', token);
    window.localStorage.setItem('bHasLoggedIn', '1');
  }, member.token);
}

/** Logs in through the /login form, like a person. */
/** A new browser window `width` px wide, signed in as `member` (a visitor when null), on `path`. */
export async function openAs(browser: Browser, member: Member | null, path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (member) await signInPage(page, member);
  await page.goto(path);
  return page;
}

/** The ids of every item the member holds, of every collection (getInventory). */
export async function inventoryItemIds(request: APIRequestContext, member: Member): Promise<string[]> {
  const answer = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const { aCollections } = (await answer.json()) as { aCollections: Array<{ aItems: Array<{ sItemID: string }> }> };
  return aCollections.flatMap((c) => c.aItems.map((i) => i.sItemID));
}

export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The /authaction link of an account email. */
export function authLink(mail: OutboxMail): string {
  const link = mail.links.find((l) => l.includes('/authaction'));
  expect(link, `no /authaction link in ${JSON.stringify(mail.links)}`).toBeTruthy();
  return link as string;
}

/** A Better Auth account without a portal profile (registerUser never ran); answers its session token. */
export async function createAccount(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password, name: uniqueUserName() } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  return signUp.headers()['set-auth-token'] as string;
}

/**
 * Uses up the per-email sign-in limit for `email` (whatever RATE_LIMIT_SCALE is) with requests that
 * carry no password, so no password is hashed; stops at the first 429.
 */
export async function tripSignInLimit(request: APIRequestContext, email: string, max = 5000): Promise<void> {
  for (let sent = 0; sent < max; sent += 50) {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request.post('/api/auth/sign-in/email', { data: { email } }).then((r) => r.status()),
      ),
    );
    if (statuses.includes(429)) return;
  }
  throw new Error(`no 429 after ${max} sign-in attempts for ${email}`);
}

/**
 * Closes every reward popup, answering their texts in the order they came, until the popups have
 * settled with none to show (decision 0222): not "none came within N seconds", which a busy machine
 * breaks. The popups load after the page, and the next may follow its predecessor's acknowledgement
 * (awaited here); each close plays its 600 ms animation. `withinMs` bounds each wait (at least 30 s).
 */
export async function closeRewardPopups(page: Page, withinMs = 30_000): Promise<string[]> {
  const timeout = Math.max(withinMs, 30_000);
  const seen: string[] = [];
  const dialog = page.locator('dialog[data-state="open"]');
  const settled = page.locator('[data-reward-popups="none"]');
  // Only data answered after the last acknowledgement was sent counts as "none left".
  let since = 0;
  for (let i = 0; i < 12; i++) {
    const next = await expect
      .poll(
        async () => {
          if (await dialog.isVisible().catch(() => false)) return 'popup';
          const at = await settled.getAttribute('data-updated-at', { timeout: 200 }).catch(() => null);
          return at !== null && Number(at) > since ? 'none' : 'waiting';
        },
        { timeout },
      )
      .not.toBe('waiting')
      .then(async () => ((await dialog.isVisible().catch(() => false)) ? 'popup' : 'none'));
    if (next === 'none') break;
    const text = (await dialog.innerText()).replace(/\s+/g, ' ');
    seen.push(text);
    // Closing acknowledges the popup on the server; a reload before that answer would show it again.
    since = await page.evaluate(() => Date.now());
    const acked = popupAcknowledged(page);
    await dialog.getByRole('button', { name: /^(Next|Continue)$/ }).click();
    await acked;
    // Gone, or already the next popup: either way this one is closed.
    await expect
      .poll(async () => {
        if ((await dialog.count()) === 0) return true;
        const now = await dialog.innerText({ timeout: 200 }).catch(() => null);
        return now === null || now.replace(/\s+/g, ' ') !== text;
      })
      .toBe(true);
  }
  return seen;
}

/**
 * Waits until the member's popups have settled with none to show: the popups' component has an
 * answer of this page (not a persisted copy, none on its way) and no notice in it. Then "no popup"
 * is true, not early. `after` (the page's Date.now()): only data answered after that moment counts,
 * e.g. the data a win or a purchase made the page ask anew.
 */
export async function rewardPopupsSettled(page: Page, options: { after?: number } = {}): Promise<void> {
  const settled = page.locator('[data-reward-popups]');
  if (options.after !== undefined) {
    const after = options.after;
    await expect
      .poll(async () => Number(await settled.getAttribute('data-updated-at', { timeout: 1000 }).catch(() => 0)))
      .toBeGreaterThan(after);
  }
  await expect(settled).toHaveAttribute('data-reward-popups', 'none');
}

/**
 * Waits until the page load's maintenance answer was acted on: a redirect made, the alert opened if
 * there was one (RootLayout marks <html> after the alert's own effect). Then "no alert" is true, not early.
 */
export async function maintenanceChecked(page: Page): Promise<void> {
  await expect(page.locator('html[data-maintenance-checked]')).toBeAttached();
}

/**
 * The server's answer to a popup's acknowledgement (sent when the popup closes). Take it before the
 * click and await it before a reload: a reload while it is on its way would show the popup again.
 */
export function popupAcknowledged(page: Page): Promise<unknown> {
  return page.waitForResponse((r) => /\/api\/portal\/ack(Notices|Announcement)$/.test(new URL(r.url()).pathname));
}
