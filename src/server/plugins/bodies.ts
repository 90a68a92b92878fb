import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters, registerJsonParser } from '../http/body';

/** Request bodies: forms (Better Auth's callbacks), JSON of bounded depth, and no NUL character anywhere. */
export async function bodies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyFormbody);
  registerJsonParser(app);
  refuseNulCharacters(app);
}
