/**
 * A second server instance in a worker thread for bench/chat.ts: the same app on the same
 * database, talking to the first one through Redis.
 */
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

export interface InstanceData {
  env: Record<string, string>;
}

const port = parentPort;
if (!port) throw new Error('bench/chatInstance.ts runs in a worker thread');
const { env } = workerData as InstanceData;
const { app } = await buildApp({ config: loadConfig(env), serveWeb: false });
await app.listen({ host: '127.0.0.1', port: 0 });
port.postMessage({ evt: 'listening', port: (app.server.address() as AddressInfo).port });
port.on('message', async (message: { cmd: string }) => {
  if (message.cmd !== 'close') return;
  await app.close();
  port.postMessage({ evt: 'closed' });
});
