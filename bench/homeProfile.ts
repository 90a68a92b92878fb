/**
 * What blocks the main thread on a cold /home (issue 31): a signed-in member's first load of /home
 * in a fresh browser context (no cache, no storage), under the 4× CPU slowdown Lighthouse's mobile
 * preset applies, with the long tasks the page itself observed (PerformanceObserver 'longtask')
 * and a CPU profile of the load, summed by function (self time). Not part of `npm run bench`:
 *   node --import tsx bench/homeProfile.ts   (HOME_PROFILE_RUNS=3 by default, HOME_PROFILE_TOP=25,
 *   HOME_PROFILE_SAVE=<dir> keeps each load's .cpuprofile for DevTools)
 * Needs a build (npm run build).
 */
import puppeteer, { type CDPSession } from 'puppeteer-core';
import { CHROMIUM_ARGS, memberToken } from './lighthouse';
import { median } from './stats';
import { benchApp } from './support';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const RUNS = Math.max(1, Number(process.env.HOME_PROFILE_RUNS ?? 3));
const TOP = Number(process.env.HOME_PROFILE_TOP ?? 25);

/** Self time (ms) by function, from a sampled CPU profile. */
function selfTimes(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.replace(/^.*\//, '') || '(native)';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    times.set(key, (times.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

async function oneLoad(cdp: CDPSession, load: () => Promise<void>) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await load();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return profile;
}

export async function profileColdHome() {
  // WEB_DIST=<dir> profiles another build (a copy of an earlier one, for a before/after).
  const app = await benchApp({ serveWeb: true, env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const blocking: number[] = [];
  const summed = new Map<string, number>();
  try {
    const token = await memberToken(app);
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      try {
        await page.evaluateOnNewDocument((value: string) => {
          sessionStorage.setItem('auth.token', value);
          const tasks: Array<{ start: number; duration: number; name: string }> = [];
          (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration, name: e.name });
          }).observe({ type: 'longtask', buffered: true });
        }, token);
        await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
        const cdp = await page.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const profile = await oneLoad(cdp, async () => {
          await page.goto(`${app.url}/home`, { waitUntil: 'networkidle0' });
          await page.waitForFunction(() => {
            const img = document.querySelector<HTMLImageElement>('section[aria-labelledby="agents"] img');
            return Boolean(img?.complete && img.naturalWidth > 0);
          });
        });
        const tasks = await page.evaluate(
          () => (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks,
        );
        const tbt = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
        blocking.push(tbt);
        console.log(
          `run ${run + 1}: ${tasks.length} long tasks, blocking ${Math.round(tbt)} ms (4× CPU): ` +
            tasks.map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.start)}`).join(', '),
        );
        if (process.env.HOME_PROFILE_SAVE) {
          const { writeFileSync } = await import('node:fs');
          writeFileSync(`${process.env.HOME_PROFILE_SAVE}/home-${run + 1}.cpuprofile`, JSON.stringify(profile));
        }
        for (const [key, ms] of selfTimes(profile)) summed.set(key, (summed.get(key) ?? 0) + ms / RUNS);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
  console.log(`\nblocking time (sum of long tasks over 50 ms), median of ${RUNS}: ${Math.round(median(blocking))} ms`);
  console.log(`self time by function, mean of ${RUNS} loads (4× CPU):`);
  const top = [...summed.entries()].filter(([key]) => !/^\((idle|program)\)/.test(key)).sort((a, b) => b[1] - a[1]);
  for (const [key, ms] of top.slice(0, TOP)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  return median(blocking);
}

if (import.meta.url === `file://${process.argv[1]}`) await profileColdHome();
