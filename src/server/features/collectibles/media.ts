import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_DIR } from './catalogue';

/**
 * Media URLs of collectibles: shipped files are served at /media/<path>, and every URL carries
 * the version suffix (docs/product.md §7) so a long browser cache still sees a new release.
 */
export interface MediaSettings {
  /** The server's build version (Client-Version). */
  version: string;
  /** The portal's public origin, so URLs work from a web app served elsewhere. */
  publicUrl: string;
}

export const MEDIA_PREFIX = '/media/';

let settings: MediaSettings = { version: '0', publicUrl: '' };

/** Set at start (the collectibles seed); URLs are built on every answer from this. */
export function configureMedia(next: MediaSettings): void {
  settings = { version: next.version, publicUrl: next.publicUrl.replace(/\/$/, '') };
}

/** The URL of a stored media reference: a path under /media/, or an absolute URL kept as it is. */
export function mediaUrl(reference: string | null | undefined): string {
  if (!reference) return '';
  if (/^https?:\/\//.test(reference)) return reference;
  const path = reference.replace(/^\/+/, '').replace(/^media\//, '');
  return `${settings.publicUrl}${MEDIA_PREFIX}${path}?v=${encodeURIComponent(settings.version)}`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/<path>: collectible art and video. Every URL the server answers carries ?v=<version>,
 * so a year of cache is safe; media may be embedded by a web app on another origin. The art is SVG
 * and shrinks to a quarter compressed (an Agent's 16–39 KB to 4–9 KB), what a member on mobile data
 * downloads for the inventory and the store. Compressed as asked, here only (video and images are
 * left as they are).
 */
export function registerMedia(app: FastifyInstance, root = MEDIA_DIR): void {
  app.register(async (media) => {
    await media.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
    await media.register(fastifyStatic, {
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
  });
}
