import { STATIC_BASE } from '../config';

/** Static media URLs get the build's version suffix so a new release never shows stale media. */
export function mediaUrl(url: string | null | undefined, version = __APP_VERSION__): string {
  if (!url) return '';
  if (/^(data|blob):/.test(url) || /[?&]v=/.test(url)) return url;
  const absolute = /^https?:\/\//.test(url) ? url : `${STATIC_BASE}${url}`;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}`;
}
