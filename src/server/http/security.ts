import helmet from 'helmet';
import type { Config } from '../config';

/** The portal's CSP: no inline or foreign script, media and fonts from our own origin only. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const apiOrigins = config.corsOrigins.filter((o) => o !== new URL(config.publicUrl).origin);
  const wsOrigin = new URL(config.publicUrl);
  wsOrigin.protocol = wsOrigin.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", wsOrigin.origin, ...apiOrigins],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Only over https: on plain-http development it would upgrade our own requests and break them.
    upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
  };
}

/**
 * Helmet's security headers, worked out once: they are the same for every answer, and building
 * them per request (as @fastify/helmet does) cost more than answering isMaintenance.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
