/**
 * Media URLs of collectibles: shipped files are served at /media/<path>, and every URL carries
 * the SPEC §7 version suffix so a long browser cache still sees a new release.
 */
export interface MediaSettings {
  /** The server's build version (Client-Version). */
  version: string;
  /** The portal's public origin, so URLs work from a web app served elsewhere. */
  publicUrl: string;
}

export const MEDIA_PREFIX = '/media/';

let settings: MediaSettings = { version: '0', publicUrl: '' };

/** Set once at start (initRewards); URLs are built on every answer from this. */
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
