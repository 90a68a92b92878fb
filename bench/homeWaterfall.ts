/**
 * The waterfall Lighthouse's mobile score is computed from (issue 40): one signed-in member's cold
 * /home gathered as bench/lighthouse.ts does, then Lantern's simulation of its largest contentful
 * paint (150 ms round trips, 1.6 Mbit/s, 4x CPU, at most six connections), each request and main
 * thread task of the graph with its simulated start and end. The LCP is the last end in that graph:
 * every request that finished before the observed paint is in it, and a script request waits for
 * the task that sent it. Not part of `npm run bench`:
 *   node --import tsx bench/homeWaterfall.ts   (after a build; WEB_DIST=<dir> another build,
 *   HOME_WATERFALL_DIR=<dir> where the gathered artifacts go, HOME_WATERFALL_REUSE=1 reads them again,
 *   HOME_WATERFALL_RETURNING=1 the returning member's reload)
 * What if: HOME_WATERFALL_WHATIF="drop=woff2,monster;scale=vendor=0.7" simulates the gathered load
 * again without the requests whose address contains a `drop` word, and with the bytes of those
 * matching a `scale` word multiplied: what a change of the files before the paint would give,
 * without making it (bench/README.md "what the cold /home's LCP is made of").
 */
import lighthouse from 'lighthouse';
// Lighthouse's own modules, the ones its LCP audit runs.
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, memberToken } from './lighthouse';
import { benchApp } from './support';

interface GraphNode {
  type: 'network' | 'cpu';
  duration: number;
  request: { url: string; resourceType?: string; priority: string; transferSize: number };
  didPerformLayout(): boolean;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

const dir = process.env.HOME_WATERFALL_DIR ?? '/tmp/home-waterfall';
/** HOME_WATERFALL_RETURNING=1: the returning member's reload instead (storage and HTTP cache kept). */
const returning = process.env.HOME_WATERFALL_RETURNING === '1';

if (!process.env.HOME_WATERFALL_REUSE) {
  const app = await benchApp({ serveWeb: true, env: process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {} });
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await memberToken(app);
    const page = await browser.newPage();
    await page.evaluateOnNewDocument((value: string) => sessionStorage.setItem('auth.token', value), token);
    if (returning) {
      // As bench/lighthouse.ts's returning member: the page visited once, its cache written.
      await page.goto(`${app.url}/home`, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => (localStorage.getItem('cache') ?? '').includes('"userData"'));
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    const flags = {
      gatherMode: dir,
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: returning,
    };
    await lighthouse(`${app.url}/home`, flags as unknown as Parameters<typeof lighthouse>[1], undefined, page);
  } finally {
    await browser.close();
    await app.close();
  }
}

interface DevtoolsEvent {
  method: string;
  params: { requestId?: string; request?: { url: string }; [field: string]: unknown };
}

/** The gathered requests as they would have been: some left out, some with more or fewer bytes. */
function whatIf(log: DevtoolsEvent[], spec: string): DevtoolsEvent[] {
  const parts = Object.fromEntries(spec.split(';').map((part) => part.split(/=(.*)/s).slice(0, 2) as [string, string]));
  const drop = (parts.drop ?? '').split(',').filter(Boolean);
  const scale = (parts.scale ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  const urls = new Map<string, string>();
  for (const event of log) {
    if (event.method === 'Network.requestWillBeSent' && event.params.requestId && event.params.request) {
      urls.set(event.params.requestId, event.params.request.url);
    }
  }
  const url = (event: DevtoolsEvent) => urls.get(event.params?.requestId ?? '') ?? '';
  const factor = (event: DevtoolsEvent) => Number(scale.find(([word]) => url(event).includes(word))?.[1] ?? 1);
  return log
    .filter((event) => !drop.some((word) => url(event).includes(word)))
    .map((event) => {
      const by = factor(event);
      if (by === 1) return event;
      const params = { ...event.params };
      for (const field of ['encodedDataLength', 'dataLength'] as const) {
        if (typeof params[field] === 'number') params[field] = Math.round(params[field] * by);
      }
      const response = params.response as { encodedDataLength?: number } | undefined;
      if (response?.encodedDataLength) {
        params.response = { ...response, encodedDataLength: Math.round(response.encodedDataLength * by) };
      }
      return { ...event, params };
    });
}

const artifacts = await loadArtifacts(dir);
const spec = process.env.HOME_WATERFALL_WHATIF;
if (spec) {
  artifacts.DevtoolsLog = whatIf(artifacts.DevtoolsLog as unknown as DevtoolsEvent[], spec) as never;
  console.log(`what if: ${spec}`);
}
const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
const lcp = (await LanternLargestContentfulPaint.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map(), settings } as never,
)) as unknown as { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate };

const ms = (value: number) => String(Math.round(value)).padStart(6);
console.log(
  `simulated LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)})`,
);
console.log('pessimistic graph: start, end (ms), what');
const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
for (const [node, timing] of rows) {
  const what =
    node.type === 'network'
      ? `${node.request.resourceType ?? ''} ${node.request.priority} ${(node.request.transferSize / 1024).toFixed(1)} KB ${node.request.url.replace(/^\w+:\/\/[^/]+/, '').slice(0, 60)}`
      : `main thread, ${Math.round(node.duration / 1000)} ms observed${node.didPerformLayout() ? ', layout' : ''}`;
  console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${what}`);
}
