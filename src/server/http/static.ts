import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isConsolePath, SPA_PATHS } from '../../protocol/routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: pre-compressed (br/gzip) files, a year of cache for hashed assets,
 * no-cache for the documents, and for every route of docs/product.md §2 its document: the screen
 * prerendered at build time (`login.html` for /login, scripts/prerender.ts) or index.html (and
 * index.html for every path of the operators' console).
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
  const documents = new Map(
    SPA_PATHS.map((route) => {
      const prerendered = `${route.slice(1)}.html`;
      return [route, route !== '/' && existsSync(path.join(root, prerendered)) ? prerendered : 'index.html'];
    }),
  );
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const query = req.url.indexOf('?');
    const pathname = query === -1 ? req.url : req.url.slice(0, query);
    const document =
      documents.get(pathname) ??
      (pathname.endsWith('/') ? documents.get(pathname.slice(0, -1)) : undefined) ??
      (isConsolePath(pathname) ? 'index.html' : undefined);
    if (!document) return done();
    reply.header('Cache-Control', 'no-cache');
    reply.sendFile(document);
  });
  return true;
}
