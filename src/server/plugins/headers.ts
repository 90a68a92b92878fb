import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { apiSecurityHeaders, securityHeaders } from '../http/security';

/** Security headers (the API's own set under /api/), the build's version and the request id, on every answer. */
export const answerHeaders = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const pageHeaders = { ...securityHeaders(config), 'client-version': config.version };
    const apiHeaders = { ...apiSecurityHeaders(config), 'client-version': config.version };
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(req.url.startsWith('/api/') ? apiHeaders : pageHeaders);
      reply.header('x-request-id', req.id);
      done();
    });
  },
  { name: 'answer-headers' },
);
