import { afterEach, describe, expect, it } from 'vitest';
import { configureMedia, mediaUrl } from './media';

describe('media URLs', () => {
  afterEach(() => configureMedia({ version: '0', publicUrl: '' }));

  it('puts shipped media under /media/ with the version suffix', () => {
    configureMedia({ version: '1.2.3+abc', publicUrl: 'https://portal.example/' });
    expect(mediaUrl('agents/a.svg')).toBe('https://portal.example/media/agents/a.svg?v=1.2.3%2Babc');
    expect(mediaUrl('/media/agents/a.svg')).toBe('https://portal.example/media/agents/a.svg?v=1.2.3%2Babc');
  });

  it('keeps absolute URLs and answers empty for no media', () => {
    expect(mediaUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(mediaUrl(null)).toBe('');
    expect(mediaUrl('')).toBe('');
  });
});
