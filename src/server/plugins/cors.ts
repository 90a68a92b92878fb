import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Cross-origin calls from the configured origins (CORS_ORIGINS): the API's methods and headers. */
export async function cors(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
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
}
