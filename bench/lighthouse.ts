/**
 * Lighthouse (mobile preset, performance only) on /login, /register and /home signed in, against
 * the built web app served by the real server, in Debian's Chromium, then on three reference pages
 * that are not the portal (bench/lighthouseReference.ts). Each page is audited LIGHTHOUSE_RUNS
 * times (default 3) and its medians are reported: one run here swings by up to 10 points.
 * Also runnable on its own:
 *   node --import tsx bench/lighthouse.ts
 * (LIGHTHOUSE_LCP=1 also prints each page's LCP element and the phases of its time (last run),
 * LIGHTHOUSE_REPORTS=<dir> keeps the last run's reports, LIGHTHOUSE_PATHS=/home,/login measures
 * only those, LIGHTHOUSE_RETURNING=0 skips the returning member's reload of /home,
 * LIGHTHOUSE_REFERENCE=0 skips the reference pages, LIGHTHOUSE_DEPLOYED=0 the cold /home and the
 * reference "React, after an answer" behind HAProxy with HTTPS and HTTP/2 (measureDeployed).
 * `npm run bench -- lighthouse` runs the same inside the bench, with its goals.)
 */
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { HAPROXY, selfSignedPem, startHaproxy } from '../scripts/haproxy';
import { NOTICE_KINDS } from '../src/protocol/rewards';
import { grantDemoAgent } from '../src/server/features/rewards/index';
import { REFERENCE_PAGES, referenceSite } from './lighthouseReference';
import { median } from './stats';
import { type BenchApp, benchApp, freePort } from './support';

export interface PageScore {
  /** The portal's path, or a reference page's label. */
  path: string;
  runs: number;
  /** Medians over the runs. */
  score: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  tbtMs: number;
  /** The largest contentful paint's element, and the simulated phases of its time (TTFB, load delay…). */
  lcpElement: string;
  lcpPhases: string;
}

interface LcpElementDetails {
  items?: Array<{
    items?: Array<{ node?: { selector?: string; nodeLabel?: string }; phase?: string; timing?: number }>;
  }>;
}

function lcpElement(details: unknown): { element: string; phases: string } {
  const [element, phases] = (details as LcpElementDetails | undefined)?.items ?? [];
  const node = element?.items?.[0]?.node;
  return {
    element: node ? `${node.selector} "${node.nodeLabel?.slice(0, 40)}"` : 'unknown',
    phases: (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(', '),
  };
}

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A signed-in member's session token, as the web keeps it (sessionStorage, auth.token). */
export async function memberToken(app: BenchApp): Promise<string> {
  return (await memberAccount(app)).token;
}

/**
 * A verified member on an ordinary day holding an Agent: their email (password bench-password-1) and
 * a session token. `origin`: the address the app serves members at, when not its own (behind HAProxy).
 */
export async function memberAccount(app: BenchApp, origin = app.url): Promise<{ token: string; email: string }> {
  const { url } = app;
  const json = { 'content-type': 'application/json', origin };
  const email = `lighthouse-${Date.now()}@bench.local`;
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'lighthouse' }),
  });
  const token = signUp.headers.get('set-auth-token') ?? '';
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` };
  await fetch(`${url}/api/portal/registerUser`, {
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ sUserName: `lh${Date.now() % 1_000_000}` }),
  });
  // A verified member on an ordinary day, holding an Agent (the dashboard's art): the welcome and
  // daily popups were seen already.
  await app.deps.db.updateTable('user').set({ emailVerified: 1 }).where('email', '=', email).execute();
  const user = await app.deps.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await grantDemoAgent(app.deps.db, user.id, Date.now());
  const data = (await (await fetch(`${url}/api/portal/getUserData`, { method: 'POST', headers: form })).json()) as {
    pUserData: { iNoticeCursor: number };
  };
  await fetch(`${url}/api/portal/ackNotices`, {
    method: 'POST',
    headers: form,
    body: new URLSearchParams({ sKinds: NOTICE_KINDS.join(','), iUpToNoticeID: String(data.pUserData.iNoticeCursor) }),
  });
  return { token, email };
}

/**
 * One Lighthouse run on a new page; with a token, as that signed-in member. `returning`: the
 * member's reload of the page in the same tab, the page visited once first and its persisted
 * query cache written (Lighthouse keeps storage and the HTTP cache for it).
 */
async function audit(browser: Browser, url: string, token: string | null, returning = false) {
  const page = await browser.newPage();
  try {
    if (token) await page.evaluateOnNewDocument((value: string) => sessionStorage.setItem('auth.token', value), token);
    if (returning) {
      await page.goto(url, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => (localStorage.getItem('cache') ?? '').includes('"userData"'));
      // The cache is written at most once a second.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    // Otherwise a cold load each time (Lighthouse empties the cache and storage; the token is set again on the new document).
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: returning },
      undefined,
      page,
    );
    if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    return result.lhr;
  } finally {
    await page.close();
  }
}

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** The label of the returning member's reload of /home. */
export const RETURNING = '/home (returning member, reload)';

/** RUNS audits of one page; its medians, and the last run's LCP element. */
async function measurePage(
  browser: Browser,
  path: string,
  url: string,
  token: string | null,
  returning = false,
): Promise<PageScore> {
  const runs: Result[] = [];
  for (let i = 0; i < RUNS; i++) {
    let lhr = await audit(browser, url, token, returning);
    // Chromium sometimes drops the trace's navigation start (any build, here about one run in ten);
    // Lighthouse's own advice is to run it again.
    if (lhr.runtimeError?.code === 'NO_NAVSTART') lhr = await audit(browser, url, token, returning);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
    runs.push(lhr);
  }
  const last = runs[runs.length - 1] as Result;
  if (process.env.LIGHTHOUSE_REPORTS) {
    const { writeFileSync } = await import('node:fs');
    const name = path.replace(/^\//, '').replace(/[^\w.-]+/g, '-');
    writeFileSync(`${process.env.LIGHTHOUSE_REPORTS}/${name}.json`, JSON.stringify(last));
  }
  const audited = (id: string) => median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
  const lcp = lcpElement(last.audits['largest-contentful-paint-element']?.details);
  return {
    path,
    runs: runs.length,
    score: median(runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100))),
    lcpMs: audited('largest-contentful-paint'),
    cls: audited('cumulative-layout-shift'),
    fcpMs: audited('first-contentful-paint'),
    tbtMs: audited('total-blocking-time'),
    lcpElement: lcp.element,
    lcpPhases: lcp.phases,
  };
}

/** What measureDeployed found: the audits, and whether the chat went live over that connection. */
export interface DeployedFigures {
  pages: PageScore[];
  /** The member's chat socket through HAProxy: its handshake's status (200: over HTTP/2, RFC 8441). */
  chat: { live: boolean; handshakeStatus: number; protocol: string } | null;
}

/**
 * The cold /home and the reference "React, after an answer" as production serves them: behind
 * HAProxy answering HTTPS and HTTP/2 (docs/deploy.md's bind line), the portal configured with that
 * address; then the member's chat through it, a message sent and read back (decision 0250). Read
 * beside the direct figures, not instead of them: the goals are the direct ones. Nothing without
 * HAProxy or openssl, or with LIGHTHOUSE_DEPLOYED=0.
 */
export async function measureDeployed(): Promise<DeployedFigures> {
  const pem = process.env.LIGHTHOUSE_DEPLOYED === '0' || !HAPROXY ? null : selfSignedPem();
  if (!pem) return { pages: [], chat: null };
  const [portalPort, referencePort] = [await freePort(), await freePort()];
  const publicUrl = `https://127.0.0.1:${portalPort}`;
  const app = await benchApp({ serveWeb: true, env: { PUBLIC_URL: publicUrl } });
  const reference = await referenceSite();
  const proxies = await Promise.all([
    startHaproxy({ port: portalPort, tlsPem: pem, servers: [{ name: 'i1', address: new URL(app.url).host }] }),
    startHaproxy({ port: referencePort, tlsPem: pem, servers: [{ name: 'r1', address: new URL(reference.url).host }] }),
  ]);
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    // The certificate is the bench's own, made a moment ago.
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
  });
  try {
    const { token } = await memberAccount(app, publicUrl);
    const answer = REFERENCE_PAGES.find((page) => page.path.endsWith('?answer')) as (typeof REFERENCE_PAGES)[number];
    const pages = [
      await measurePage(browser, DEPLOYED_HOME, `${publicUrl}/home`, token),
      await measurePage(
        browser,
        `${answer.label}, as deployed`,
        `https://127.0.0.1:${referencePort}${answer.path}`,
        null,
      ),
    ];
    return { pages, chat: await chatThrough(browser, publicUrl, token) };
  } finally {
    await browser.close();
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await reference.close();
    await app.close();
  }
}

/** A member opens the chat at `url`, sends a message and reads it back in the channel's log. */
async function chatThrough(browser: Browser, url: string, token: string): Promise<DeployedFigures['chat']> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    let handshakeStatus = 0;
    cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
      handshakeStatus = event.response.status;
    });
    await page.evaluateOnNewDocument((value: string) => sessionStorage.setItem('auth.token', value), token);
    await page.goto(`${url}/chat`);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    const text = `As deployed ${Date.now()}`;
    const composer = await page.waitForSelector('textarea[placeholder^="Message #"]', { timeout: 15_000 });
    await composer?.type(text);
    await page.keyboard.press('Enter');
    const live = await page
      .waitForFunction(
        (sent: string) => document.querySelector('[role=log]')?.textContent?.includes(sent),
        { timeout: 10_000 },
        text,
      )
      .then(
        () => true,
        () => false,
      );
    return { live, handshakeStatus, protocol };
  } finally {
    await page.close();
  }
}

/** The label of the cold /home behind HAProxy with HTTPS and HTTP/2. */
export const DEPLOYED_HOME = '/home as deployed (HAProxy, HTTPS, HTTP/2)';

export async function measureLighthouse(): Promise<{ pages: PageScore[]; references: PageScore[] }> {
  // WEB_DIST=<dir>: another build (a copy of an earlier one, for a before/after in one session).
  const app = await benchApp({ serveWeb: true, env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
  const reference = process.env.LIGHTHOUSE_REFERENCE === '0' ? null : await referenceSite();
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await memberToken(app);
    const pages: PageScore[] = [];
    // LIGHTHOUSE_PATHS=/home (comma-separated) measures only those pages.
    const paths = process.env.LIGHTHOUSE_PATHS?.split(',') ?? ['/login', '/register', '/home'];
    for (const path of paths) {
      pages.push(await measurePage(browser, path, `${app.url}${path}`, path === '/home' ? token : null));
      // Beside the cold /home: a returning member's reload, painted from the persisted cache.
      if (path === '/home' && process.env.LIGHTHOUSE_RETURNING !== '0') {
        pages.push(await measurePage(browser, RETURNING, `${app.url}${path}`, token, true));
      }
    }
    const references: PageScore[] = [];
    for (const page of reference ? REFERENCE_PAGES : []) {
      references.push(await measurePage(browser, page.label, `${reference?.url}${page.path}`, null));
    }
    return { pages, references };
  } finally {
    await browser.close();
    await reference?.close();
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pages, references } = await measureLighthouse();
  const deployed = await measureDeployed();
  for (const s of [...pages, ...references, ...deployed.pages]) {
    console.log(
      `${s.path.padEnd(30)} score ${s.score}  LCP ${Math.round(s.lcpMs)} ms  TBT ${Math.round(s.tbtMs)} ms  CLS ${s.cls.toFixed(3)}  FCP ${Math.round(s.fcpMs)} ms  (medians of ${s.runs})`,
    );
    if (process.env.LIGHTHOUSE_LCP) console.log(`  LCP ${s.lcpElement}: ${s.lcpPhases}`);
  }
  if (deployed.chat) console.log(`chat as deployed: ${JSON.stringify(deployed.chat)}`);
}
