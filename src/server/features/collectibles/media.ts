import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_DIR } from '../../core/rewards/index';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/<path>: collectible art and video. Every URL the server answers carries ?v=<version>,
 * so a year of cache is safe; media may be embedded by a web app on another origin.
 */
export function registerMedia(app: FastifyInstance, root = MEDIA_DIR): void {
  app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      res.header('Cache-Control', IMMUTABLE);
      res.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}
