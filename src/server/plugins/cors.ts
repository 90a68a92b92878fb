import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Cross-origin calls from the configured origins (CORS_ORIGINS): the API's methods and headers, on every route. */
export const cors = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, 'corsOrigins'> }) => {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'X-Request-Id',
        'X-Two-Factor-Token',
        'X-Trusted-Device',
        'X-Passkey-Challenge',
      ],
      exposedHeaders: [
        'Client-Version',
        'set-auth-token',
        'set-two-factor-token',
        'set-trusted-device',
        'set-passkey-challenge',
        'X-Request-Id',
      ],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
