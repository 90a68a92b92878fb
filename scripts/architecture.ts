/**
 * The capability graphs of docs/architecture.md, drawn from the declared edges (pure: the CLI in
 * check-architecture.ts reads the code and the doc; architecture.test.ts feeds it stale docs).
 * The doc holds the drawing between GRAPH_START and GRAPH_END; nothing else in it is touched.
 */
import type { Edges } from './boundaries';

export const GRAPH_START = '<!-- graph:start -->';
export const GRAPH_END = '<!-- graph:end -->';
export const WRITE_COMMAND = 'npm run architecture -- --write';

/** Names in layers: those that use nothing first, then each after everything it uses; by name within a layer. */
export function layered(edges: Edges): string[] {
  const depth = new Map<string, number>();
  const depthOf = (name: string, path: string[]): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    if (path.includes(name)) throw new Error(`the declared edges have a cycle: ${[...path, name].join(' → ')}`);
    const uses = (edges[name] ?? []).filter((used) => used in edges);
    const found = uses.length ? 1 + Math.max(...uses.map((used) => depthOf(used, [...path, name]))) : 0;
    depth.set(name, found);
    return found;
  };
  const names = Object.keys(edges).sort();
  for (const name of names) depthOf(name, []);
  return names.sort((a, b) => (depth.get(a) ?? 0) - (depth.get(b) ?? 0) || a.localeCompare(b));
}

function usedBy(edges: Edges, name: string): string[] {
  return Object.keys(edges)
    .filter((other) => edges[other]?.includes(name))
    .sort();
}

const list = (names: readonly string[]) => (names.length ? names.join(', ') : '—');

function mermaid(edges: Edges, order: string[]): string[] {
  const lines = ['```mermaid', 'flowchart TB'];
  for (const name of order) {
    const uses = [...(edges[name] ?? [])].sort();
    if (uses.length === 0 && usedBy(edges, name).length === 0) lines.push(`  ${name}`);
    for (const used of uses) lines.push(`  ${name} --> ${used}`);
  }
  lines.push('```');
  return lines;
}

/** The generated block's inner text: the server's capabilities and the web's features, each a diagram and a table. */
export function renderGraph(server: Edges, web: Edges): string {
  const serverOrder = layered(server);
  const webOrder = layered(web);
  return [
    `<!-- Generated from the code by \`${WRITE_COMMAND}\`; \`npm run check\` refuses it when stale. -->`,
    '',
    '**Server capabilities** (`src/server/features/<name>/index.ts`, each with its `uses`; an arrow',
    'points at a capability used). Listed in layers: each after everything it uses.',
    '',
    ...mermaid(server, serverOrder),
    '',
    '| capability | uses | used by |',
    '|---|---|---|',
    ...serverOrder.map(
      (name) => `| ${name} | ${list([...(server[name] ?? [])].sort())} | ${list(usedBy(server, name))} |`,
    ),
    '',
    '**Web features** (`src/web/features/<name>/`; `featureUses` in `src/web/features/index.ts` says',
    'which may import which; the others stand alone).',
    '',
    ...mermaid(web, webOrder),
    '',
    '| feature | imports | imported by |',
    '|---|---|---|',
    ...webOrder.map((name) => `| ${name} | ${list([...(web[name] ?? [])].sort())} | ${list(usedBy(web, name))} |`),
  ].join('\n');
}

function blockBounds(doc: string): { start: number; end: number } {
  const start = doc.indexOf(GRAPH_START);
  const end = doc.indexOf(GRAPH_END);
  if (start < 0 || end < start) throw new Error(`the doc has no ${GRAPH_START} … ${GRAPH_END} block`);
  return { start: start + GRAPH_START.length, end };
}

/** The doc with its generated block replaced by `graph`. */
export function spliceGraph(doc: string, graph: string): string {
  const { start, end } = blockBounds(doc);
  return `${doc.slice(0, start)}\n${graph}\n${doc.slice(end)}`;
}

/** Why the doc's block is not `graph` (null when it is), telling how to regenerate it. */
export function staleness(doc: string, graph: string): string | null {
  let spliced: string;
  try {
    spliced = spliceGraph(doc, graph);
  } catch (error) {
    return (error as Error).message;
  }
  return spliced === doc ? null : `the capability graph differs from the code: run \`${WRITE_COMMAND}\``;
}
