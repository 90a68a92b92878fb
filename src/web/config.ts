/**
 * Where the three services and the auth provider live (docs/architecture.md). Same origin by default;
 * set VITE_*_BASE at build time to move any of them to another host (cross-origin, CORS allow-list).
 */
export const PORTAL_BASE = import.meta.env.VITE_PORTAL_BASE ?? '/api/portal';
export const GAME_BASE = import.meta.env.VITE_GAME_BASE ?? '/api/monsterbreaker';
export const WHITELIST_BASE = import.meta.env.VITE_WHITELIST_BASE ?? '/api/whitelist';
export const AUTH_BASE = import.meta.env.VITE_AUTH_BASE ?? '/api/auth';
export const STATIC_BASE = import.meta.env.VITE_STATIC_BASE ?? '';

export const APP_VERSION = __APP_VERSION__;

/** docs/product.md §9 constants. */
export const CHUNK_TIMEOUT_MS = 120_000;
export const MAINTENANCE_ALERT_INTERVAL_MS = 300_000;
export const DIALOG_CLOSE_MS = 600;
export const CACHE_MAX_AGE_MS = 86_400_000;
export const CACHE_THROTTLE_MS = 1000;
