/**
 * The declared edges, read from the code without starting anything: each server capability's
 * `uses` from its index.ts, and the web features with `featureUses` (src/web/features/index.ts).
 * Shared by the boundary check and the architecture diagram, so both see the same graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { featureUses } from '../src/web/features/index';
import type { Edges } from './boundaries';

function folders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Each server capability's `uses`, read from its index.ts (the module object declares it). */
export function serverEdges(root = 'src/server/features'): Edges {
  const edges: Record<string, string[]> = {};
  for (const name of folders(root)) {
    const text = readFileSync(path.join(root, name, 'index.ts'), 'utf8');
    const uses = text.match(/\buses:\s*\[([^\]]*)\]/);
    if (!uses) throw new Error(`${root}/${name}/index.ts declares no \`uses\``);
    edges[name] = [...(uses[1] ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
  }
  return edges;
}

/** Every web feature folder with the features it may import (none unless `featureUses` names some). */
export function webEdges(root = 'src/web/features', uses: Edges = featureUses): Edges {
  return Object.fromEntries(folders(root).map((name) => [name, uses[name] ?? []]));
}
