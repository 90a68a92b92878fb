import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codePoints, FONTS_CSS, fontFaces, SOURCES, subsetFaces } from './fontSubsets';

const require = createRequire(import.meta.url);
const ours = fontFaces(readFileSync(FONTS_CSS, 'utf8'));

describe('font subsets (src/web/styles/fonts.css)', () => {
  it('reads unicode ranges', () => {
    expect(codePoints('U+0041-0043, U+00A9')).toEqual([0x41, 0x42, 0x43, 0xa9]);
    expect(() => codePoints('U+00??')).toThrow();
  });

  const subsets = subsetFaces(readFileSync(FONTS_CSS, 'utf8'));
  it('cuts the preloaded faces of the first paint', () => {
    expect(subsets.map((s) => s.file).sort()).toEqual(Object.keys(SOURCES).sort());
  });

  for (const { file } of subsets) {
    it(`${file} and the full file beside it cover the package's Latin range once, together`, () => {
      const source = SOURCES[file] as string;
      const subset = ours.find((face) => face.src === `./subset/${file}`);
      const rest = ours.find((face) => face.src === source);
      expect(subset && rest).toBeTruthy();
      if (!subset || !rest) return;
      // Same family and weight: the browser picks between the two by character alone.
      expect([rest.family, rest.weight]).toEqual([subset.family, subset.weight]);
      const overlap = subset.codePoints.filter((point) => rest.codePoints.includes(point));
      expect(overlap).toEqual([]);
      // The package's own face of that file: its range is what the two together must cover.
      const packageDir = path.dirname(require.resolve(source)).replace(/\/files$/, '');
      const packageCss = ['index.css', '700.css']
        .map((name) => path.join(packageDir, name))
        .flatMap((css) => {
          try {
            return fontFaces(readFileSync(css, 'utf8'));
          } catch {
            return [];
          }
        });
      const original = packageCss.find((face) => face.src.endsWith(path.basename(source)));
      expect(original).toBeTruthy();
      const together = [...subset.codePoints, ...rest.codePoints].sort((a, b) => a - b);
      expect(together).toEqual([...(original?.codePoints ?? [])].sort((a, b) => a - b));
    });
  }
});
