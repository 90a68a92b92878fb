import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/**
 * Open WebSockets (chat), counted where the HTTP server hands them over (metrics). Chat closes
 * them with 1012 (service restart: reconnect) in preClose, before the listener stops.
 */
export function countSockets(app: FastifyInstance): { open(): number } {
  const sockets = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return { open: () => sockets.size };
}
