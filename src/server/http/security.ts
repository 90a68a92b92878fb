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
