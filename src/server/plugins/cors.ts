import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { crossOrigins } from '../http/security';

/**
 * Cross-origin calls from the configured origins (CORS_ORIGINS): the API's methods and headers, on
 * every route. When the only one is the portal's own origin (the default), nothing is registered: a
 * browser never applies CORS to its own origin's calls, and @fastify/cors's hook cost ~4% of
 * answering isMaintenance for headers no browser reads (issue 40). Other origins stay refused either way.
 */
export const cors = fp(
  async (app: FastifyInstance, { config }: { config: Pick<Config, 'corsOrigins' | 'publicUrl'> }) => {
    if (crossOrigins(config).length === 0) return;
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
