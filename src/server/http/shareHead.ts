import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Share pages (/viewer, /u/<name>): the app's document with a page's title and preview tags in its head. */

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** One `<meta>` tag: [attribute, key, value], e.g. ['property', 'og:title', 'Ada']. */
export type ShareTag = [string, string, string];

/** The title and the tags, every value escaped (names and descriptions are members' data). */
export function shareHead(title: string, tags: readonly ShareTag[]): string {
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-share>`),
  ].join('\n    ');
}

/** The built app's index.html, read on first use (throws while the web app is not built). */
export function appDocument(webDist: string): () => string {
  let template: string | null = null;
  return () => {
    template ??= readFileSync(path.join(path.resolve(webDist), 'index.html'), 'utf8');
    return template;
  };
}

const GENERIC_DESCRIPTION = /\s*<meta name="description" content="[^"]*"\s*\/?>/;

/**
 * The document with its `<title>` replaced by a share head. A head with its own description drops
 * the document's generic one, so the page carries one (issue 42: two, the generic first).
 */
export function withShareHead(html: string, head: string): string {
  const own = head.includes('name="description"');
  return (own ? html.replace(GENERIC_DESCRIPTION, '') : html).replace(/<title>[^<]*<\/title>/, head);
}
