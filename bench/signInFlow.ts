/**
 * Sign-in to dashboard (issue 31): from pressing "Log In" on /login to /home with its first
 * Agent's art painted, in Chromium under Lighthouse's mobile throttling applied through the
 * DevTools protocol (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown), with its
 * phases: the sign-in answer, the address /home, the greeting, the art. The median of
 * SIGNIN_RUNS (default 3) runs, each in a fresh context (no cache, no storage).
 */
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, memberAccount } from './lighthouse';
import { median } from './stats';
import { benchApp } from './support';

export interface SignInPhases {
  runs: number;
  signInAnswerMs: number;
  homeUrlMs: number;
  greetingMs: number;
  artMs: number;
}

const RUNS = Math.max(1, Number(process.env.SIGNIN_RUNS ?? 3));

export async function measureSignInFlow(): Promise<SignInPhases> {
  const app = await benchApp({ serveWeb: true });
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const phases: Array<Omit<SignInPhases, 'runs'>> = [];
  try {
    const { email } = await memberAccount(app);
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      try {
        const cdp = await page.createCDPSession();
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
        await page.goto(`${app.url}/login`, { waitUntil: 'networkidle0' });
        await page.type('input[type=email]', email);
        await page.type('input[type=password]', 'bench-password-1');
        const button = await page.waitForSelector('button[type=submit]::-p-text(Log In)');
        const answered = page.waitForResponse((r) => r.url().includes('/api/auth/sign-in/email'));
        const start = await page.evaluate(() => performance.now());
        await button?.click();
        await answered;
        const signInAnswerMs = (await page.evaluate(() => performance.now())) - start;
        await page.waitForFunction(() => location.pathname === '/home');
        const homeUrlMs = (await page.evaluate(() => performance.now())) - start;
        await page.waitForFunction(() => /^Welcome, /.test(document.querySelector('h1')?.textContent ?? ''));
        const greetingMs = (await page.evaluate(() => performance.now())) - start;
        await page.waitForFunction(
          () => {
            const img = document.querySelector<HTMLImageElement>('section[aria-labelledby="agents"] img');
            return Boolean(img?.complete && img.naturalWidth > 0);
          },
          { timeout: 60_000 },
        );
        // The frame after the art decoded: painted.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const artMs = (await page.evaluate(() => performance.now())) - start;
        phases.push({ signInAnswerMs, homeUrlMs, greetingMs, artMs });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const mid = (key: keyof Omit<SignInPhases, 'runs'>) => median(phases.map((p) => p[key]));
  return {
    runs: phases.length,
    signInAnswerMs: mid('signInAnswerMs'),
    homeUrlMs: mid('homeUrlMs'),
    greetingMs: mid('greetingMs'),
    artMs: mid('artMs'),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureSignInFlow());
}
