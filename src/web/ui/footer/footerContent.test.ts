import { describe, expect, it } from 'vitest';
import { configuredLink, configuredLinks, DEFAULT_COMMUNITY_LINKS, DEFAULT_COMPANY_SITE } from './footerContent';

describe('footer links from configuration', () => {
  it('defaults to the spec four kinds', () => {
    expect(configuredLinks(undefined, DEFAULT_COMMUNITY_LINKS).map((l) => l.label)).toEqual([
      'Chat server',
      'Microblog',
      'Social group',
      'Photo sharing',
    ]);
  });
  it('takes a configured list, and ignores a broken one', () => {
    const raw = JSON.stringify([{ label: 'Forum', href: 'https://forum.example' }]);
    expect(configuredLinks(raw, DEFAULT_COMMUNITY_LINKS)).toEqual([{ label: 'Forum', href: 'https://forum.example' }]);
    expect(configuredLinks('{not json', DEFAULT_COMMUNITY_LINKS)).toBe(DEFAULT_COMMUNITY_LINKS);
    expect(
      configuredLinks(JSON.stringify([{ label: 'x', href: 'javascript:alert(1)' }]), DEFAULT_COMMUNITY_LINKS),
    ).toBe(DEFAULT_COMMUNITY_LINKS);
    expect(
      configuredLink(JSON.stringify({ label: 'Studio', href: 'https://s.example' }), DEFAULT_COMPANY_SITE),
    ).toEqual({
      label: 'Studio',
      href: 'https://s.example',
    });
  });
});
