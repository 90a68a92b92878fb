/**
 * `npm run check` (and `npm run architecture`): refuses a docs/architecture.md whose capability
 * graphs differ from the declared edges; with `--write` it regenerates them in place.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderGraph, spliceGraph, staleness } from './architecture';
import { serverEdges, webEdges } from './capabilityEdges';

const DOC = 'docs/architecture.md';
const doc = readFileSync(DOC, 'utf8');
const graph = renderGraph(serverEdges(), webEdges());

if (process.argv.includes('--write')) {
  const written = spliceGraph(doc, graph);
  if (written !== doc) writeFileSync(DOC, written);
  console.log(written === doc ? `${DOC}: the capability graph was current.` : `${DOC}: capability graph rewritten.`);
} else {
  const problem = staleness(doc, graph);
  if (problem) {
    console.error(`${DOC}: ${problem}`);
    process.exit(1);
  }
  console.log(`${DOC}: the capability graph matches the code.`);
}
