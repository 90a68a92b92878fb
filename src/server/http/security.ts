import helmet from 'helmet';
import type { Config } from '../config';

/** The origins of CORS_ORIGINS other than the portal's own: pages served elsewhere (a CDN) that call the API. */
export function crossOrigins(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): string[] {
  const own = new URL(config.publicUrl).origin;
  return config.corsOrigins.filter((o) => o !== own);
}

/** The portal's CSP: no inline or foreign script, media and fonts from our own origin only. */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const apiOrigins = crossOrigins(config);
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
    // RFC 6797 §7.2: never over plain http. Behind a TLS proxy the public URL is https and it is sent.
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  middleware({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of a JSON answer under /api (OWASP's REST set): such an answer is never a page, so
 * the page-only headers (CSP sources, DNS prefetch, XSS filter…) would only cost time on every call.
 * Nothing under /api may be stored by a cache: it is a member's data.
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = securityHeaders(config);
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cache-control': 'no-store',
    'cross-origin-resource-policy': page['cross-origin-resource-policy'] ?? 'same-origin',
    'referrer-policy': page['referrer-policy'] ?? 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}
