/**
 * The load generator's process (bench/pinned.ts starts it on core 0): autocannon, 50 connections
 * by default, answering over IPC with what the measured window counted.
 */
import autocannon from 'autocannon';
import type { LoadInit, LoadRun } from './pinned';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

async function load({ url, ...init }: LoadInit & { url: string }): Promise<LoadRun> {
  const result = await autocannon({
    url,
    connections: init.connections ?? 50,
    duration: init.seconds ?? SECONDS,
    method: (init.method ?? 'POST') as 'POST',
    body: init.body,
    headers: init.headers,
    idReplacement: init.idReplacement,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
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
