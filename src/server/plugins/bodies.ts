import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refuseNulCharacters, registerJsonParser } from '../http/body';

/**
 * Request bodies: forms (Better Auth's callbacks), JSON of bounded depth, and no NUL character
 * anywhere. On the root (fastify-plugin): every route parses the same way.
 */
export const bodies = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyFormbody);
    registerJsonParser(app);
    refuseNulCharacters(app);
  },
  { name: 'bodies' },
);
