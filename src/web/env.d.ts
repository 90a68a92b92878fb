/// <reference types="vite/client" />

/** The build id (package version + build stamp), also served as Client-Version by the server. */
declare const __APP_VERSION__: string;
/** False in production builds: the `debug` query parameter is then ignored (docs/product.md §2). */
declare const __DEBUG_ALLOWED__: boolean;

interface ImportMetaEnv {
  readonly VITE_PORTAL_BASE?: string;
  readonly VITE_GAME_BASE?: string;
  readonly VITE_WHITELIST_BASE?: string;
  readonly VITE_AUTH_BASE?: string;
  readonly VITE_STATIC_BASE?: string;
  /** JSON [{"label","href"}…]: the footer's community links (default: the spec's four kinds). */
  readonly VITE_COMMUNITY_LINKS?: string;
  /** JSON {"label","href"}: the studio's site in the footer. */
  readonly VITE_STUDIO_SITE?: string;
}
