/** `npm run check`: the import rules of scripts/boundaries.ts over the real tree. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureUses } from '../src/web/features/index';
import { type Edges, findProblems, type SourceFile } from './boundaries';

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Each server capability's `uses`, read from its index.ts (the module object declares it). */
export function serverEdges(root = 'src/server/features'): Edges {
  const edges: Record<string, string[]> = {};
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const text = readFileSync(path.join(root, entry.name, 'index.ts'), 'utf8');
    const uses = text.match(/\buses:\s*\[([^\]]*)\]/);
    if (!uses) throw new Error(`${root}/${entry.name}/index.ts declares no \`uses\``);
    edges[entry.name] = [...(uses[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
  }
  return edges;
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
