/**
 * `npm run bench`: the numbers that keep the portal fast, printed in one run (not tests).
 * - entry JS gzip size (budget 115 KB) and the number of lazy chunks;
 * - action throughput as a ratio to a bare node:http JSON server measured in the same run.
 * Extra measurements register themselves in bench/measures.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { measures } from './measures';
import { benchApp } from './support';

const DIST = path.resolve(process.env.WEB_DIST ?? 'dist/web');
const ENTRY_BUDGET_KB = 115;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

function bundleReport() {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const gzipKb = entryFiles.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file))).length, 0) / 1024;
  const allJs = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  return { gzipKb, entryFiles: entryFiles.length, lazyChunks: allJs.length - entryFiles.length };
}

export interface LoadResult {
  rps: number;
  p99: number;
}

export async function load(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION_S,
    // Load comes from a worker thread, so the server under test has the main thread to itself.
    workers: 1,
    method: (init.method ?? 'POST') as 'POST',
    body: init.body,
    headers: init.headers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    console.warn(`  warning: ${result.non2xx} non-2xx and ${result.errors} errors for ${url}`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function bareBaseline(): Promise<LoadResult> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ iErrorCode: 0, bMaintenance: false, sMessage: '' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const result = await load(`http://127.0.0.1:${port}/`);
  server.close();
  return result;
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

const bundle = bundleReport();
console.log('Bundle');
console.log(
  `  entry JS (gzip)     ${bundle.gzipKb.toFixed(1)} KB in ${bundle.entryFiles} file(s)  (budget ${ENTRY_BUDGET_KB} KB: ${bundle.gzipKb <= ENTRY_BUDGET_KB ? 'within' : 'OVER'})`,
);
console.log(`  lazy chunks         ${bundle.lazyChunks}`);

console.log(`\nThroughput (autocannon, 50 connections, ${DURATION_S} s each, loopback)`);
const baseline = await bareBaseline();
console.log(`  bare node:http JSON ${fmt(baseline.rps)} req/s  p99 ${baseline.p99} ms`);

const app = await benchApp();
try {
  for (const measure of measures) {
    const result = await measure.run(app, load);
    const ratio = measure.against === 'kdf' ? '' : `  ratio ${(result.rps / baseline.rps).toFixed(2)}`;
    console.log(
      `  ${measure.name.padEnd(19)} ${fmt(result.rps)} req/s  p99 ${result.p99} ms${ratio}${result.note ? `  ${result.note}` : ''}${measure.goal ? `  (goal ${measure.goal})` : ''}`,
    );
  }
} finally {
  await app.close();
}
