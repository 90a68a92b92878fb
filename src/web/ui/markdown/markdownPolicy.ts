/**
 * docs/product.md §5: links allowed in markdown are http, https, mailto, tel, relative, anchor and query
 * links; anything else becomes a harmless placeholder. Footnote labels are capped at 999 characters.
 */
export const SAFE_PLACEHOLDER = '#';
export const FOOTNOTE_LABEL_MAX = 999;

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

export function safeUrl(url: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so do we.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return SAFE_PLACEHOLDER;
  if (/&#|&colon;|&tab;|&newline;/i.test(compact)) return SAFE_PLACEHOLDER;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return ALLOWED_SCHEMES.has((scheme[1] as string).toLowerCase()) ? url.trim() : SAFE_PLACEHOLDER;
  // No scheme: relative ("/x", "./x", "../x", "x/y"), anchor ("#x") or query ("?x") links.
  // A protocol-relative "//host" leaves the site, so it is refused.
  if (compact.startsWith('//') || compact.startsWith('\\')) return SAFE_PLACEHOLDER;
  return url.trim();
}

export function clampFootnoteLabel(label: string): string {
  return label.length > FOOTNOTE_LABEL_MAX ? label.slice(0, FOOTNOTE_LABEL_MAX) : label;
}
