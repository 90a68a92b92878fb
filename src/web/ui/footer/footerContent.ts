/** The footer's links, in one place (its documents are in footerDocuments.ts, loaded on demand). */
export const COMMUNITY_LINKS = [
  { label: 'Chat server', href: 'https://discord.gg/cthulhu-portal' },
  { label: 'Microblog', href: 'https://x.com/cthulhuportal' },
  { label: 'Social group', href: 'https://www.facebook.com/groups/cthulhuportal' },
  { label: 'Photo sharing', href: 'https://www.instagram.com/cthulhuportal' },
] as const;

export const COMPANY_SITE = { label: 'Studio site', href: 'https://studio.cthulhu-portal.example' } as const;

export const REVISION = '0.1.0';
