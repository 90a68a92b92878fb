/** `npm run check`: no function in src/web over MAX_FUNCTION_LINES lines (decision 0232; scripts/functionLength.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SourceFile } from './boundaries';
import { longFunctions, MAX_FUNCTION_LINES } from './functionLength';

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const files: SourceFile[] = [...sourceFiles('src/web')].map((file) => ({
  path: file.split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));
const long = longFunctions(files);
if (long.length) {
  console.error(
    `Functions in src/web over ${MAX_FUNCTION_LINES} lines (split them: the screen's api hooks, layout, editors and dialogs as their own components):\n${long
      .map((fn) => `  - ${fn.file}:${fn.line} ${fn.name}: ${fn.lines} lines`)
      .join('\n')}`,
  );
  process.exit(1);
}
console.log(`No function in src/web runs over ${MAX_FUNCTION_LINES} lines.`);
