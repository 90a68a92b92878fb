import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/**
 * A second listening port whose connections the portal's own HTTP server serves (every route: the
 * balancer asks it for /healthz). Node accepts one connection per turn of its event loop on each
 * listening socket (libuv 1.45 and later), so on a busy instance the members' new connections
 * queue for seconds on the main port; a health check in that queue timed out and the balancer took
 * a healthy instance out (decision 0263). On its own port a check waits one turn at most.
 */
export function listenForChecks(server: HttpServer, host: string, port: number): Promise<Server> {
  const checks = createServer((socket) => server.emit('connection', socket));
  return new Promise((resolve, reject) => {
    checks.once('error', reject);
    checks.listen(port, host, () => {
      checks.off('error', reject);
      resolve(checks);
    });
  });
}
