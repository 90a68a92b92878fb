import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CHAT_PATH, MAX_FRAME_BYTES } from '../../../protocol/chat';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import type { LiveSocket } from './connection';
import { openMemberSocket } from './memberSocket';
import type { ChatServices } from './services';

/**
 * The chat WebSocket at CHAT_PATH. A browser's Origin must be on the CORS allow-list (a page of
 * another site cannot open a socket with a member's browser); a client without an Origin (not a
 * browser) is let through, since the socket is authenticated by a bearer token, never a cookie.
 */
export async function registerChatSocket(app: FastifyInstance, services: ChatServices): Promise<void> {
  const allowed = new Set(services.ctx.config.corsOrigins);
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
    scope.addHook('onRequest', async (req, reply) => {
      const origin = req.headers.origin;
      if (origin !== undefined && !allowed.has(origin)) {
        return reply.code(403).send({ iErrorCode: ErrorCode.FORBIDDEN, sMessage: errorMessage(ErrorCode.FORBIDDEN) });
      }
    });
    scope.get<{ Querystring: { sToken?: string } }>(CHAT_PATH, { websocket: true }, (socket, req) => {
      const token = typeof req.query.sToken === 'string' ? req.query.sToken : undefined;
      openMemberSocket(services, socket as unknown as LiveSocket, { token, log: req.log });
    });
  });
}
