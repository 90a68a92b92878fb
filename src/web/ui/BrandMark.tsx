import favicon from '../public/favicon.svg?raw';

// The mark is the favicon's own drawing (one file), read at build time.
const [, viewBox = '0 0 64 64', drawing = ''] = /<svg[^>]*viewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>/.exec(favicon) ?? [];

/**
 * The portal's mark beside its name, drawn inline: an `<img>` of the favicon was a second request
 * for the same file on every page, and Chromium builds an SVG document for each SVG image before
 * painting it (10–15 ms of main thread on a first load, measured here).
 */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg
      viewBox={viewBox}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      // Our own file, at build time: nothing a member wrote.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
      dangerouslySetInnerHTML={{ __html: drawing }}
    />
  );
}
