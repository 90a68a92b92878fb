import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SPA_PATHS } from '../../protocol/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: pre-compressed (br/gzip) files, a year of cache for hashed assets,
 * no-cache for index.html, and index.html for every route of docs/product.md §2.
 */
export function registerStatic(app: FastifyInstance, webDist: string): boolean {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app is not built: run `npm run build`');
    return false;
  }
  app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const spaPaths = new Set(SPA_PATHS);
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const pathname = req.url.split('?')[0] ?? '/';
    const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (spaPaths.has(clean)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
  });
  return true;
}
