/**
 * `npm run bench`: the numbers that keep the portal fast, printed in one run with their goals
 * and a PASS/MISS mark (never as timed assertions in tests):
 * - the entry bundle (gzip) and the lazy chunks;
 * - action throughput and p99 as ratios to a bare node:http JSON server measured in the same run
 *   (each load after one second of warm-up that is not counted), beside references that say what
 *   such a ratio can be on this machine (bare Fastify, the bare server with a little CPU per request);
 * - sign-in against the machine's password-hashing capacity, with the event loop's delay;
 * - Lighthouse (mobile) on the first screens;
 * - each capability's own figures (bench/measures.ts).
 * `npm run bench -- NAME…` runs only the measures whose name starts with one of the words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { type Figure, measures } from './measures';
import { benchApp } from './support';

const DIST = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const ENTRY_BUDGET_KB = 110;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.argv.slice(2);

function bundleFigures(): Figure[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const gzipKb = entryFiles.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file))).length, 0) / 1024;
  const allJs = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  return [
    { label: 'entry JS (gzip)', value: gzipKb, unit: 'KB', digits: 1, goal: { atMost: ENTRY_BUDGET_KB } },
    { label: 'entry files', value: entryFiles.length, unit: '' },
    { label: 'lazy chunks', value: allJs.length - entryFiles.length, unit: '' },
  ];
}

export interface LoadResult {
  rps: number;
  p99: number;
}

export type Load = (
  url: string,
  init?: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    idReplacement?: boolean;
    /** false: no warm-up (work it leaves queued would run inside the measured window). */
    warmup?: boolean;
  },
) => Promise<LoadResult>;

/**
 * Steady state: V8's compilation of the path and the first answer of each cache are not counted.
 * autocannon runs a warm-up (lib/init.js); its types do not list the option.
 */
const WARMUP = { warmup: { connections: 50, duration: 1 } } as unknown as Partial<autocannon.Options>;

export const load: Load = async (url, init = {}) => {
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION_S,
    // Load comes from a worker thread, so the server under test has the main thread to itself.
    workers: 1,
    ...(init.warmup === false ? {} : WARMUP),
    method: (init.method ?? 'POST') as 'POST',
    body: init.body,
    headers: init.headers,
    idReplacement: init.idReplacement,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    console.warn(`  warning: ${result.non2xx} non-2xx and ${result.errors} errors for ${url}`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
};

const BARE_ANSWER = JSON.stringify({ iErrorCode: 0, bMaintenance: false, sMessage: '' });

/** The bare server: node:http answering a fixed JSON, after `workUs` µs of busy CPU per request. */
async function bareBaseline(workUs = 0): Promise<LoadResult> {
  const server = createServer((_req, res) => {
    if (workUs > 0) {
      const until = performance.now() + workUs / 1000;
      while (performance.now() < until);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BARE_ANSWER);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result = await load(`http://127.0.0.1:${port}/`);
  server.close();
  return result;
}

/** Fastify with one route and none of the portal's plugins, answering the same JSON. */
async function bareFastify(): Promise<LoadResult> {
  const server = Fastify();
  server.post('/', (_req, reply) => {
    reply.type('application/json').send(BARE_ANSWER);
  });
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  const result = await load(`${url}/`);
  await server.close();
  return result;
}

/**
 * What any server reaches here as a ratio to the bare one: a little CPU per request costs far more
 * than itself on a machine where the bare server is bound by the load generator (figures in bench/README.md).
 */
async function baselineReferences(baseline: LoadResult): Promise<Figure[]> {
  const ratio = (label: string, result: LoadResult): Figure => ({
    label,
    value: result.rps / baseline.rps,
    unit: '×',
    note: `${Math.round(result.rps).toLocaleString('en-US')} req/s, p99 ${result.p99} ms`,
  });
  return [
    ratio('reference: bare Fastify, one route', await bareFastify()),
    ratio('reference: bare node:http + 10 µs of CPU', await bareBaseline(10)),
    ratio('reference: bare node:http + 40 µs of CPU', await bareBaseline(40)),
  ];
}

function format(figure: Figure): string {
  const digits = figure.digits ?? (Number.isInteger(figure.value) || Math.abs(figure.value) >= 10 ? 0 : 2);
  const value = Number.isFinite(figure.value)
    ? figure.value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(figure.value);
  const { atLeast, atMost } = figure.goal ?? {};
  const goal =
    atLeast !== undefined
      ? `goal ≥ ${atLeast}${figure.unit}`
      : atMost !== undefined
        ? `goal ≤ ${atMost}${figure.unit}`
        : '';
  const met = (atLeast === undefined || figure.value >= atLeast) && (atMost === undefined || figure.value <= atMost);
  const mark = goal ? (met ? 'PASS' : 'MISS') : '    ';
  return `  ${mark}  ${figure.label.padEnd(40)} ${`${value}${figure.unit ? ` ${figure.unit}` : ''}`.padEnd(16)} ${goal}${figure.note ? `  ${figure.note}` : ''}`;
}

let misses = 0;
function print(figures: Figure[]): void {
  for (const figure of figures) {
    const line = format(figure);
    if (line.startsWith('  MISS')) misses++;
    console.log(line);
  }
}

console.log('Bundle');
print(bundleFigures());

console.log(`\nBaseline (autocannon, 50 connections, ${DURATION_S} s each, loopback)`);
const baseline = await bareBaseline();
print([{ label: 'bare node:http JSON', value: baseline.rps, unit: 'req/s', note: `p99 ${baseline.p99} ms` }]);
if (only.length === 0) print(await baselineReferences(baseline));

const app = await benchApp();
try {
  for (const measure of measures) {
    if (only.length && !only.some((word) => measure.name.startsWith(word))) continue;
    console.log(`\n${measure.name}`);
    print(await measure.run({ app, load, baseline, bare: () => bareBaseline() }));
  }
} finally {
  await app.close();
}
console.log(`\n${misses === 0 ? 'Every goal met.' : `${misses} goal(s) missed.`}`);
