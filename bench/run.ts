/**
 * `npm run bench`: the numbers that keep the portal fast, printed in one run with their goals
 * and a PASS/MISS mark (never as timed assertions in tests):
 * - the entry bundle (gzip) and the lazy chunks;
 * - action throughput and p99 as ratios to a bare node:http JSON server measured in the same run
 *   (each load after one second of warm-up that is not counted), beside references that say what
 *   such a ratio can be on this machine (bare Fastify, the bare server with a little CPU per request),
 *   each server in a process of its own pinned to one core and the load generator on the other
 *   (bench/pinned.ts), with the server's CPU time per request;
 * - sign-in against the password-hashing capacity of the same pinned process, with its event loop's delay;
 * - Lighthouse (mobile) on the first screens;
 * - each capability's own figures (bench/measures.ts).
 * `npm run bench -- NAME…` runs only the measures whose name starts with one of the words;
 * `npm run bench -- growth [--quick]` the cost of member-facing calls as the data grows (bench/growth.ts),
 * which the full run leaves out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Figure, measures } from './measures';
import { type LoadInit, measureLoad, PINNING, runLoad, startServer } from './pinned';
import { benchApp } from './support';

const DIST = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const ENTRY_BUDGET_KB = 110;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.argv.slice(2);

function bundleFigures(): Figure[] {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    return [{ label: `skipped: no build in ${DIST} (npm run build)`, value: Number.NaN, unit: '' }];
  }
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
  /** The server process's CPU time per request answered (µs), when the server ran in a process of its own (bench/pinned.ts). */
  cpuUsPerRequest?: number;
}

export type Load = (url: string, init?: LoadInit) => Promise<LoadResult>;

/**
 * A load on any URL from the load generator's process (core 0), after one second of warm-up that
 * is not counted (V8's compilation of the path and the first answer of each cache).
 */
export const load: Load = async (url, init = {}) => {
  if (init.warmup !== false) await runLoad(url, { ...init, seconds: 1 });
  const result = await runLoad(url, init);
  if (result.non2xx > 0 || result.errors > 0) {
    console.warn(`  warning: ${result.non2xx} non-2xx and ${result.errors} errors for ${url}`);
  }
  return result;
};

/** The bare server in its own process: node:http answering a fixed JSON, after `workUs` µs of busy CPU per request. */
async function bareBaseline(workUs = 0): Promise<LoadResult> {
  const server = await startServer('bare', { workUs });
  try {
    return await measureLoad(server, '/');
  } finally {
    await server.close();
  }
}

/** Fastify with one route and none of the portal's plugins, answering the same JSON. */
async function bareFastify(): Promise<LoadResult> {
  const server = await startServer('fastify');
  try {
    return await measureLoad(server, '/');
  } finally {
    await server.close();
  }
}

const cpuNote = (result: LoadResult) =>
  result.cpuUsPerRequest === undefined ? '' : `, ${result.cpuUsPerRequest.toFixed(1)} µs CPU/request`;

/**
 * What any server reaches here as a ratio to the bare one: a little CPU per request costs far more
 * than itself on a machine where the bare server is bound by the load generator (figures in bench/README.md).
 */
async function baselineReferences(baseline: LoadResult): Promise<Figure[]> {
  const ratio = (label: string, result: LoadResult): Figure => ({
    label,
    value: result.rps / baseline.rps,
    unit: '×',
    note: `${Math.round(result.rps).toLocaleString('en-US')} req/s, p99 ${result.p99} ms${cpuNote(result)}`,
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

if (!only[0]?.startsWith('growth')) {
  console.log('Bundle');
  print(bundleFigures());
}

console.log(
  PINNING.ok
    ? `\nProcesses: ${PINNING.why} (taskset)`
    : `\nwarning: servers and load generator NOT pinned (${PINNING.why}): ratios include scheduling`,
);
let baseline: LoadResult = { rps: Number.NaN, p99: Number.NaN };
// Lighthouse alone (`npm run bench -- lighthouse`) needs no bare server: its references are pages.
const pagesOnly = only.length > 0 && only.every((word) => 'lighthouse'.startsWith(word));
if (!only[0]?.startsWith('growth') && !pagesOnly) {
  console.log(`\nBaseline (autocannon, 50 connections, ${DURATION_S} s each, loopback)`);
  baseline = await bareBaseline();
  print([
    {
      label: 'bare node:http JSON',
      value: baseline.rps,
      unit: 'req/s',
      note: `p99 ${baseline.p99} ms${cpuNote(baseline)}`,
    },
  ]);
  if (only.length === 0) print(await baselineReferences(baseline));
}

const app = await benchApp();
try {
  for (const measure of measures) {
    if (only.length && !only.some((word) => measure.name.startsWith(word))) continue;
    // growth is asked for by name only (it seeds millions of rows).
    if (only.length === 0 && measure.name === 'growth') continue;
    console.log(`\n${measure.name}`);
    print(await measure.run({ app, load, baseline, bare: () => bareBaseline(), args: only.slice(1) }));
  }
} finally {
  await app.close();
}
console.log(`\n${misses === 0 ? 'Every goal met.' : `${misses} goal(s) missed.`}`);
