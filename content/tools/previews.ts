/**
 * Renders the link previews (Open Graph images) of the shipped art: one PNG of 1200×630 per SVG
 * under content/media, written to content/media/previews/<same path>.png, plus previews/portal.png
 * for art that has none. Chat and social apps show raster previews only, and nothing on the server
 * can rasterise SVG, so the previews are made here, like the art itself, with the Chromium the
 * browser tests use (docs/decisions/0191-share-previews.md):
 *   node --import tsx content/tools/previews.ts
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const media = fileURLToPath(new URL('../media/', import.meta.url));
const catalog = JSON.parse(readFileSync(fileURLToPath(new URL('../catalog.json', import.meta.url)), 'utf8')) as {
  templates: Array<{ name: string; image: string; collection: string }>;
};
const fontFile = (name: string) =>
  fileURLToPath(new URL(`../../node_modules/@fontsource/cinzel/files/${name}`, import.meta.url));
const cinzel = readFileSync(fontFile('cinzel-latin-700-normal.woff2')).toString('base64');

const art = ['agents', 'mythopedia', 'store'].flatMap((folder) =>
  readdirSync(path.join(media, folder))
    .filter((file) => file.endsWith('.svg'))
    .map((file) => `${folder}/${file}`),
);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The card: the art on the left, the name and the club's invitation on the right. */
function card(svg: string | null, title: string, line: string): string {
  const picture = svg
    ? `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="630" height="630">`
    : '';
  return `<!doctype html><html><head><style>
    @font-face { font-family: Cinzel; src: url(data:font/woff2;base64,${cinzel}) format('woff2'); font-weight: 700; }
    html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
    body { display: flex; background: radial-gradient(circle at 70% 40%, #16232b, #0b1014 70%); color: #e8eef0;
      font-family: system-ui, sans-serif; }
    img { flex: none; display: block; }
    .text { display: flex; flex-direction: column; justify-content: center; gap: 28px; padding: 0 64px; flex: 1; }
    .brand { font: 700 30px Cinzel, serif; letter-spacing: 0.08em; color: #4fd1a5; }
    h1 { margin: 0; font: 700 ${title.length > 26 ? 48 : 60}px/1.15 Cinzel, serif; }
    p { margin: 0; font-size: 30px; line-height: 1.35; color: #c9d3d8; }
    .rule { width: 120px; height: 3px; background: #d9a94a; }
  </style></head><body>${picture}<div class="text">
    <div class="brand">CTHULHU PORTAL</div><h1>${escapeText(title)}</h1><div class="rule"></div><p>${escapeText(line)}</p>
  </div></body></html>`;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  const shoot = async (html: string, file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: file, type: 'png' });
  };
  for (const relative of art) {
    const template = catalog.templates.find((t) => t.image === relative);
    const title = template?.name ?? 'A collectible of the Cthulhu Portal';
    await shoot(
      card(readFileSync(path.join(media, relative), 'utf8'), title, 'Join the club and get your free Agent.'),
      path.join(media, 'previews', relative.replace(/\.svg$/, '.png')),
    );
  }
  await shoot(
    card(
      readFileSync(path.join(media, 'agents/lamplighter.svg'), 'utf8'),
      'Cthulhu Portal',
      'Join the club and get your free Agent.',
    ),
    path.join(media, 'previews', 'portal.png'),
  );
} finally {
  await browser.close();
}
console.log(`Previews written to ${path.join(media, 'previews')}`);
