/**
 * The fonts of the first paint, cut to the characters the UI's own text uses (vite.config.ts runs
 * this before every build and dev server start). Each `@font-face` of src/web/styles/fonts.css
 * whose source is `./subset/<file>.woff2` gets that file: the font of the same name from its npm
 * package, keeping only the code points of the face's own `unicode-range` (every feature stays; a
 * variable font's weight axis keeps the face's declared `font-weight` range). fonts.css is the one list of those characters; any other character falls through to
 * the next family, the package's full face, fetched only when a page shows one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

export const FONTS_CSS = path.resolve('src/web/styles/fonts.css');
const OUT_DIR = path.resolve('src/web/styles/subset');

/** Where each subset's full font comes from (the npm packages of docs/LOOK: fontsource). */
export const SOURCES: Readonly<Record<string, string>> = {
  'ui-inter-latin-wght-normal.woff2': '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  'ui-cinzel-latin-700-normal.woff2': '@fontsource/cinzel/files/cinzel-latin-700-normal.woff2',
};

/** The code points of a CSS unicode-range value ("U+0020-007E, U+00A9"). */
export function codePoints(unicodeRange: string): number[] {
  const points: number[] = [];
  for (const part of unicodeRange.split(',')) {
    const match = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`fonts.css: "${part.trim()}" is not a unicode-range of single points or ranges`);
    const first = Number.parseInt(match[1] as string, 16);
    const last = match[2] ? Number.parseInt(match[2], 16) : first;
    for (let point = first; point <= last; point++) points.push(point);
  }
  return points;
}

export interface FontFace {
  family: string;
  weight: string;
  /** The first url() of its src, as written. */
  src: string;
  codePoints: number[];
}

/** The @font-face rules of a stylesheet. */
export function fontFaces(css: string): FontFace[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body = '']) => {
    const value = (name: string) => new RegExp(`${name}:([^;]+);`).exec(body)?.[1]?.trim() ?? '';
    const range = value('unicode-range');
    return {
      family: value('font-family').replace(/["']/g, ''),
      weight: value('font-weight'),
      src: /url\(["']?([^"')]+)["']?\)/.exec(body)?.[1] ?? '',
      codePoints: range ? codePoints(range) : [],
    };
  });
}

/** Each subset file fonts.css asks for, with the characters its face covers. */
export function subsetFaces(css: string): Array<{ file: string; text: string; weight: string }> {
  return fontFaces(css).flatMap(({ src, codePoints, weight }) => {
    if (!src.startsWith('./subset/')) return [];
    const file = src.slice('./subset/'.length);
    if (codePoints.length === 0) throw new Error(`fonts.css: the face of subset/${file} needs a unicode-range`);
    return [{ file, text: String.fromCodePoint(...codePoints), weight }];
  });
}

/**
 * A variable font's weight axis cut to its face's declared range ("400 700"): the weights the UI
 * uses, without the design space of the others (Inter's subset: 29.5 → 21.5 KB, issue 40).
 */
export function weightAxis(file: string, weight: string): { wght: { min: number; max: number } } | undefined {
  const range = /^(\d+)\s+(\d+)$/.exec(weight);
  if (!file.includes('-wght-') || !range) return undefined;
  return { wght: { min: Number(range[1]), max: Number(range[2]) } };
}

export async function writeFontSubsets(): Promise<void> {
  const require = createRequire(import.meta.url);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const { file, text, weight } of subsetFaces(readFileSync(FONTS_CSS, 'utf8'))) {
    const source = SOURCES[file];
    if (!source) throw new Error(`fonts.css asks for subset/${file}, which scripts/fontSubsets.ts does not know`);
    const axes = weightAxis(file, weight);
    const font = await subsetFont(readFileSync(require.resolve(source)), text, {
      targetFormat: 'woff2',
      ...(axes ? { variationAxes: axes } : {}),
    });
    const out = path.join(OUT_DIR, file);
    if (!existsSync(out) || !readFileSync(out).equals(font)) writeFileSync(out, font);
  }
}

export function fontSubsets(): Plugin {
  return { name: 'font-subsets', buildStart: writeFontSubsets };
}
