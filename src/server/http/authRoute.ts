import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/index';

/** Mounts Better Auth at /api/auth/* by handing each request to its Fetch handler. */
export function registerAuthRoute(app: FastifyInstance, auth: Auth, publicUrl: string): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const url = new URL(req.url, publicUrl);
      const hasBody = req.method !== 'GET' && req.body !== undefined;
      const headers = fromNodeHeaders(req.headers);
      if (hasBody) headers.set('content-type', 'application/json');
      const request = new Request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : undefined,
      });
      const response = await auth.handler(request);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
}
