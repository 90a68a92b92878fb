import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseNulCharacters, registerJsonParser, skipEmptyActionBodies } from '../http/body';

/**
 * Request bodies: forms (Better Auth's callbacks), JSON of bounded depth, and no NUL character
 * anywhere; an empty action body is not read at all. On the root (fastify-plugin): every route parses the same way.
 */
export const bodies = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyFormbody);
    registerJsonParser(app);
    refuseNulCharacters(app);
    skipEmptyActionBodies(app, ['/api/:service/:action', '/api/console/:action']);
  },
  { name: 'bodies' },
);
