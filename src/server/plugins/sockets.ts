import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Open WebSockets (chat) right now: the metrics' gauge. */
    openSockets(): number;
  }
}

/**
 * Open WebSockets (chat), counted where the HTTP server hands them over (metrics). Chat closes
 * them with 1012 (service restart: reconnect) in preClose, before the listener stops.
 */
export const countSockets = fp(
  async (app: FastifyInstance) => {
    const sockets = new Set<Duplex>();
    app.server.on('upgrade', (_req, socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    app.decorate('openSockets', () => sockets.size);
  },
  { name: 'open-sockets' },
);
