import net from 'node:net';

/**
 * A loopback TCP proxy in front of a server (Redis here): `cut()` drops every connection and
 * refuses new ones, like a restarting server, until `restore()`. The real server is never touched,
 * so other test runs sharing it are not disturbed.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    const end = () => {
      for (const socket of pair) {
        socket.destroy();
        open.delete(socket);
      }
    };
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', end);
      socket.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `check` holds (polling), or fails after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
