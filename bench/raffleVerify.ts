/**
 * `node --import tsx bench/raffleVerify.ts`: verifying a published draw of 100,000 entrants and
 * 1,000,000 tickets in Chromium, as the Raffle Viewer does (docs/raffle-draw.md §9): the published
 * JSON parsed, then verifyDraw (commitment, entries, root, winners, prizes). Goal: within 500 ms.
 * The same module the server draws with is bundled for the page with Vite.
 */
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { benchPublishedDraw } from './raffleDraw';

export const VERIFY_GOAL_MS = 500;

export interface BrowserVerifyMeasure {
  /** JSON.parse of the published entry list (what getRaffleEntries answers). */
  parseMs: number;
  verifyMs: number;
  /** The page's JS heap after verifying, in MB. */
  heapMB: number;
  bPassed: boolean;
  bWithinGoal: boolean;
}

async function bundleRaffleDraw(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: 'src/protocol/raffleDraw.ts', formats: ['iife'], name: 'RaffleDraw' },
    },
  })) as Rolldown.RolldownOutput[];
  const chunk = output[0]?.output[0];
  if (chunk?.type !== 'chunk') throw new Error('no bundle');
  return chunk.code;
}

export async function measureBrowserVerify(): Promise<BrowserVerifyMeasure> {
  const [code, published] = await Promise.all([bundleRaffleDraw(), Promise.resolve(benchPublishedDraw())]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: code });
    const json = JSON.stringify(published);
    return await page.evaluate(
      ({ text, goal }) => {
        const w = window as unknown as {
          RaffleDraw: { verifyDraw(p: unknown): Array<{ bPassed: boolean }> };
          gc?: () => void;
        };
        // Warm-up on a small draw, as a page that has verified once already.
        const small = JSON.parse(text);
        w.RaffleDraw.verifyDraw({ ...small, entries: small.entries.slice(0, 1000) });
        w.gc?.();
        const parseStart = performance.now();
        const data = JSON.parse(text);
        const verifyStart = performance.now();
        const checks = w.RaffleDraw.verifyDraw(data);
        const end = performance.now();
        const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
        return {
          parseMs: Math.round((verifyStart - parseStart) * 10) / 10,
          verifyMs: Math.round((end - verifyStart) * 10) / 10,
          heapMB: Math.round(((memory?.usedJSHeapSize ?? 0) / 2 ** 20) * 10) / 10,
          bPassed: checks.every((check) => check.bPassed),
          bWithinGoal: end - verifyStart <= goal,
        };
      },
      { text: json, goal: VERIFY_GOAL_MS },
    );
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const measure = await measureBrowserVerify();
  console.log(
    `verify in Chromium: parse ${measure.parseMs} ms, verifyDraw ${measure.verifyMs} ms (goal ≤ ${VERIFY_GOAL_MS} ms: ${measure.bWithinGoal ? 'met' : 'MISSED'}), heap ${measure.heapMB} MB, ${measure.bPassed ? 'all checks passed' : 'CHECKS FAILED'}`,
  );
}
