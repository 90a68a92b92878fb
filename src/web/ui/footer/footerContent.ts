/** The footer's links, in one place (its documents are in footerDocuments.ts, loaded on demand). */
export interface FooterLink {
  label: string;
  href: string;
}

/** The spec's four kinds of community page, used unless the build configures its own. */
export const DEFAULT_COMMUNITY_LINKS: readonly FooterLink[] = [
  { label: 'Chat server', href: 'https://discord.gg/cthulhu-portal' },
  { label: 'Microblog', href: 'https://x.com/cthulhuportal' },
  { label: 'Social group', href: 'https://www.facebook.com/groups/cthulhuportal' },
  { label: 'Photo sharing', href: 'https://www.instagram.com/cthulhuportal' },
];

export const DEFAULT_COMPANY_SITE: FooterLink = { label: 'Studio site', href: 'https://studio.cthulhu-portal.example' };

const isLink = (value: unknown): value is FooterLink =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FooterLink).label === 'string' &&
  (value as FooterLink).label.trim() !== '' &&
  typeof (value as FooterLink).href === 'string' &&
  /^https?:\/\//.test((value as FooterLink).href);

/** Reads a configured link list (JSON); anything unusable falls back to the defaults. */
export function configuredLinks(raw: string | undefined, fallback: readonly FooterLink[]): readonly FooterLink[] {
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isLink) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

export function configuredLink(raw: string | undefined, fallback: FooterLink): FooterLink {
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLink(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

/** Community pages and the studio's site: names and URLs from the build's configuration (VITE_COMMUNITY_LINKS, VITE_STUDIO_SITE). */
export const COMMUNITY_LINKS = configuredLinks(import.meta.env.VITE_COMMUNITY_LINKS, DEFAULT_COMMUNITY_LINKS);

export const COMPANY_SITE = configuredLink(import.meta.env.VITE_STUDIO_SITE, DEFAULT_COMPANY_SITE);

export const REVISION = '0.1.0';
