import { describe, expect, it } from 'vitest';
import { functionLengths, longFunctions } from './functionLength';

/** A function of `n` lines in all: its first line, n - 2 statements, its closing brace. */
const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = '{ not a brace }';`).join('\n');

describe('function length (decision 0232)', () => {
  it('measures declarations, arrows, function expressions, methods and accessors, nested ones too', () => {
    const text = [
      'export function Screen() {', // 1
      '  const onSave = () => {', // 2
      '    return 1;', // 3
      '  };', // 4
      '  return null;', // 5
      '}', // 6
      'const column = { cell: function () { return 2; } };', // 7
      'class Store {', // 8
      '  get size() {', // 9
      '    return 0;', // 10
      '  }', // 11
      '  load(): void {}', // 12
      '}', // 13
    ].join('\n');
    const found = functionLengths([{ path: 'src/web/x.tsx', text }]).map(({ name, line, lines }) => ({
      name,
      line,
      lines,
    }));
    expect(found).toEqual([
      { name: 'Screen', line: 1, lines: 6 },
      { name: 'onSave', line: 2, lines: 3 },
      { name: 'cell', line: 7, lines: 1 },
      { name: 'size', line: 9, lines: 3 },
      { name: 'load', line: 12, lines: 1 },
    ]);
  });

  it('reports the functions of src/web over the limit, longest first, and nothing elsewhere', () => {
    const files = [
      { path: 'src/web/features/store/console/Big.tsx', text: `export default function Big() {\n${body(151)}\n}\n` },
      { path: 'src/web/ui/Fine.tsx', text: `export const Fine = () => {\n${body(150)}\n};\n` },
      { path: 'src/web/lib/Bigger.ts', text: `export const bigger = memo(() => {\n${body(200)}\n});\n` },
      { path: 'src/server/app.ts', text: `export function app() {\n${body(400)}\n}\n` },
    ];
    expect(longFunctions(files).map(({ file, name, lines }) => `${file} ${name} ${lines}`)).toEqual([
      'src/web/lib/Bigger.ts bigger 200',
      'src/web/features/store/console/Big.tsx Big 151',
    ]);
  });
});
