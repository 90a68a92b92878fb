import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { registerStatic } from '../http/static';

/**
 * The built web app (unless `serve` is false: tests), and the 404s: an unknown page gets the app
 * shell (its router shows the not-found screen), an unknown API path a JSON 404. On the root
 * (fastify-plugin): the not-found handler is the app's.
 */
export const webAppAndNotFound = fp(
  async (app: FastifyInstance, options: { config: Pick<Config, 'webDist'>; serve: boolean }) => {
    const webServed = options.serve && registerStatic(app, options.config.webDist);
    app.setNotFoundHandler((req, reply) => {
      if (
        webServed &&
        req.method === 'GET' &&
        !req.url.startsWith('/api/') &&
        req.headers.accept?.includes('text/html')
      ) {
        return reply.code(404).header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ iErrorCode: 404, sMessage: 'Not found' });
    });
  },
  { name: 'web-app', dependencies: ['answer-headers'] },
);
