/** `npm run check`: the import rules of scripts/boundaries.ts over the real tree. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureUses } from '../src/web/features/index';
import { findProblems, type SourceFile } from './boundaries';
import { serverEdges } from './capabilityEdges';

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const files: SourceFile[] = [...sourceFiles('src')].map((file) => ({
  path: file.split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));
const problems = findProblems(files, { server: serverEdges(), web: featureUses });
if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries hold.');
