/**
 * The load generator's process (bench/pinned.ts starts it on core 0): autocannon, 50 connections
 * by default, answering over IPC with what the measured window counted.
 */
import autocannon from 'autocannon';
import type { LoadInit, LoadRun } from './pinned';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** The value at fraction `q` of sorted numbers (nearest rank). */
const rank = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

function bearerPerConnection(headers: Record<string, string>, bearers: readonly string[]) {
  let next = 0;
  return (client: { setHeaders(headers: Record<string, string>): void }) => {
    client.setHeaders({ ...headers, authorization: `Bearer ${bearers[next++ % bearers.length]}` });
  };
}

async function load({ url, ...init }: LoadInit & { url: string }): Promise<LoadRun> {
  // autocannon's histogram has no 95th percentile: keep each answer's latency when asked.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: init.connections ?? 50,
        duration: init.seconds ?? SECONDS,
        method: (init.method ?? 'POST') as 'POST',
        body: init.body,
        headers: init.headers,
        idReplacement: init.idReplacement,
        // One member per connection: each connection sends its own bearer (its requests in turn).
        ...(init.bearers?.length ? { setupClient: bearerPerConnection(init.headers ?? {}, init.bearers) } : {}),
        ...(init.timeout ? { timeout: init.timeout } : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    if (init.percentiles) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(init.percentiles && latencies.length > 0 ? { p50: rank(latencies, 0.5), p95: rank(latencies, 0.95) } : {}),
  };
}

process.on('message', async (message: { id: string; cmd: string; args: LoadInit & { url: string } }) => {
  try {
    const result = message.cmd === 'load' ? await load(message.args) : null;
    process.send?.({ id: message.id, result });
  } catch (error) {
    process.send?.({ id: message.id, error: String(error) });
  }
});
