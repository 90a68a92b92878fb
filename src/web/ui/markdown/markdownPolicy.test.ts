import { describe, expect, it } from 'vitest';
import { clampFootnoteLabel, FOOTNOTE_LABEL_MAX, SAFE_PLACEHOLDER, safeUrl } from './markdownPolicy';

describe('markdown link policy (docs/product.md §5)', () => {
  it.each([
    'https://example.com/a?b=1#c',
    'http://example.com',
    'mailto:crew@example.com',
    'tel:+15551234567',
    '/inventory',
    './lore',
    '../up',
    'lore/page',
    '#footnote-1',
    '?sCollectionID=agent',
    'HTTPS://EXAMPLE.COM',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'blob:https://example.com/uuid',
    '//evil.example.net/x',
    '\\\\evil\\share',
    '',
    '   ',
  ])('turns %j into the placeholder', (url) => {
    expect(safeUrl(url)).toBe(SAFE_PLACEHOLDER);
  });

  it('caps footnote labels at 999 characters', () => {
    expect(clampFootnoteLabel('a'.repeat(2000))).toHaveLength(FOOTNOTE_LABEL_MAX);
    expect(clampFootnoteLabel('note')).toBe('note');
  });
});
