import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRAPH_END, GRAPH_START, layered, renderGraph, spliceGraph, staleness } from './architecture';
import { serverEdges, webEdges } from './capabilityEdges';

const server = { maintenance: [], identity: ['maintenance'], collectibles: ['identity'], wallet: ['maintenance'] };
const web = { home: ['collectibles'], collectibles: [] };
const doc = (inner: string) => `# Architecture\n\nBefore.\n\n${GRAPH_START}\n${inner}\n${GRAPH_END}\n\nAfter.\n`;

describe('the architecture diagram', () => {
  it('draws every capability after what it uses, with its edges both ways', () => {
    expect(layered(server)).toEqual(['maintenance', 'identity', 'wallet', 'collectibles']);
    const graph = renderGraph(server, web);
    expect(graph).toContain('  collectibles --> identity');
    expect(graph).toContain('| identity | maintenance | collectibles |');
    expect(graph).toContain('| maintenance | — | identity, wallet |');
    expect(graph).toContain('  home --> collectibles');
  });

  it('accepts a doc whose block is the drawing of the code', () => {
    const current = spliceGraph(doc('old'), renderGraph(server, web));
    expect(staleness(current, renderGraph(server, web))).toBeNull();
    expect(current).toMatch(/^# Architecture\n\nBefore\.\n\n<!-- graph:start -->\n/);
    expect(current.endsWith(`${GRAPH_END}\n\nAfter.\n`)).toBe(true);
  });

  it('refuses a stale doc: a capability drawn without an edge the code declares', () => {
    const drawn = spliceGraph(doc(''), renderGraph({ ...server, collectibles: [] }, web));
    expect(staleness(drawn, renderGraph(server, web))).toMatch(
      /differs from the code: run `npm run architecture -- --write`/,
    );
  });

  it('refuses a stale doc: a capability missing from the drawing', () => {
    const { wallet: _, ...withoutWallet } = server;
    const drawn = spliceGraph(doc(''), renderGraph(withoutWallet, web));
    expect(staleness(drawn, renderGraph(server, web))).not.toBeNull();
  });

  it('refuses a doc without the generated block', () => {
    expect(staleness('# Architecture\n', renderGraph(server, web))).toMatch(/no <!-- graph:start -->/);
  });

  it('refuses a cycle instead of drawing it', () => {
    expect(() => layered({ a: ['b'], b: ['a'] })).toThrow(/cycle: a → b → a/);
  });

  it('docs/architecture.md draws the real code: wallet, whitelist, collectibles using identity', () => {
    const graph = renderGraph(serverEdges(), webEdges());
    expect(staleness(readFileSync('docs/architecture.md', 'utf8'), graph)).toBeNull();
    expect(graph).toContain('  collectibles --> identity');
    expect(graph).toContain('  whitelist --> wallet');
    expect(graph).toMatch(/\| wallet \| maintenance \|/);
  });
});
