import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForChecks } from './checkPort';

describe('listenForChecks', () => {
  const closing: Array<{ close(): unknown }> = [];
  afterEach(() => {
    for (const server of closing.splice(0)) server.close();
  });

  it('serves its connections with the main server’s own handler, keep-alive included', async () => {
    const seen: string[] = [];
    const main: Server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
    closing.push(main);
    await new Promise<void>((resolve) => main.listen(0, '127.0.0.1', resolve));
    const checks = await listenForChecks(main, '127.0.0.1', 0);
    closing.push(checks);
    const port = (checks.address() as AddressInfo).port;
    expect(port).not.toBe((main.address() as AddressInfo).port);

    for (const path of ['/healthz', '/readyz']) {
      const answer = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(await answer.json()).toEqual({ ok: true, url: path });
    }
    expect(seen).toEqual(['/healthz', '/readyz']);
  });

  it('fails to start, not silently, when its port is taken', async () => {
    const taken = createServer();
    closing.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    await expect(listenForChecks(createServer(), '127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
