/**
 * The import rules of docs/architecture.md, as a pure function over source texts (the CLI in
 * check-boundaries.ts feeds it the real tree; boundaries.test.ts feeds it broken ones).
 * - src/protocol imports nothing of web or server; its plain files (the web may load them)
 *   import neither zod nor a *.schema file; web and server meet only in src/protocol;
 *   the web never imports a *.schema file.
 * - A capability (src/server/features/X, src/web/features/X) uses another only along an edge it
 *   declares, and on the server only through the other's index.ts; the declared edges have no cycle.
 * - Server code outside features/ imports only features/index.ts (the list), never one capability;
 *   and only the composition root (app.ts, main.ts, cli/) imports the list: the platform's code
 *   and the capabilities never do (the whole Database type is assembled there).
 * - src/web/ui, src/web/lib and src/web/api import no feature; src/web/ui imports no lib or api.
 * - Member code never imports console code (decision 0232): console code is a `console/` folder of
 *   a web feature, api/console.ts, lib/console.ts and the console's layouts (layouts/Console*);
 *   of the rest only the route table (router.tsx) reaches it, and only through a lazy `import()`.
 * - A server capability queries only its own tables (its tables.ts) and the platform's
 *   (db/schema.ts PlatformTables); code outside features/ queries only the platform's. The
 *   compiler refuses this too (each handle is typed with those tables); this check also catches
 *   a handle cast to `any`.
 */
import path from 'node:path';

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes (e.g. src/web/main.tsx). */
  path: string;
  text: string;
}

/** Declared edges: capability name → the capabilities it uses. */
export type Edges = Readonly<Record<string, readonly string[]>>;

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** The specifiers a text loads only through `import('…')` (never also statically). */
export function lazyImportsOf(text: string): Set<string> {
  const all = [...text.matchAll(IMPORT)];
  const lazy = new Set(all.flatMap((m) => (m[2] ? [m[2]] : [])));
  for (const m of all) if (m[1] ?? m[3]) lazy.delete(m[1] ?? m[3] ?? '');
  return lazy;
}

/** The operators' console on the web (decision 0232): what member code never imports. */
export function isConsoleCode(file: string): boolean {
  return (
    /^src\/web\/features\/[^/]+\/console\//.test(file) ||
    file === 'src/web/api/console.ts' ||
    file === 'src/web/lib/console.ts' ||
    /^src\/web\/layouts\/Console[^/]*$/.test(file)
  );
}

/** The route table: the one member file that names console screens, each as its own lazy chunk. */
export const ROUTE_TABLE = 'src/web/router.tsx';

const TYPE_IMPORT = /(?:^|[\s;])(?:import|export)\s+type\s[^'";]*?from\s*['"]([^'"]+)['"]/g;

/**
 * What a file imports for its types alone (`import type … from`, every time it names it): erased
 * by the compiler, so nothing of it is loaded (the action registry names the schemas' types).
 */
export function typeOnlyImportsOf(text: string): Set<string> {
  const typeImports = [...text.matchAll(TYPE_IMPORT)].map((m) => m[1] ?? '');
  const count = (list: readonly string[], spec: string) => list.filter((s) => s === spec).length;
  const all = importsOf(text);
  return new Set(typeImports.filter((spec) => count(typeImports, spec) === count(all, spec)));
}

interface Place {
  side: 'protocol' | 'web' | 'server' | 'other';
  /** web: lib, ui, api, layouts, features…; server: features, shared, http… */
  area: string;
  feature?: string;
  /** The rest of the path inside the feature folder (e.g. 'index.ts', 'api/x.ts'). */
  inFeature?: string;
}

function place(file: string): Place {
  const parts = file.split('/');
  if (parts[0] !== 'src') return { side: 'other', area: '' };
  const side = parts[1];
  if (side !== 'protocol' && side !== 'web' && side !== 'server') return { side: 'other', area: '' };
  const area = parts.length > 3 ? (parts[2] ?? '') : '';
  if (area === 'features' && parts.length > 4) {
    return { side, area, feature: parts[3], inFeature: parts.slice(4).join('/') };
  }
  return { side, area };
}

/** A cycle in the declared edges, as a path (a → b → a), or null. */
export function findCycle(edges: Edges): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, trail: string[]): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'visiting') return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, 'visiting');
    for (const next of edges[name] ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(edges)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

const isSchema = (file: string) => /\.schema\.tsx?$/.test(file);
/** Tests may reach inside a module (and the list may import every capability's index.ts). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export function findProblems(files: readonly SourceFile[], edges: { server: Edges; web: Edges }): string[] {
  const problems: string[] = [];
  for (const [side, declared] of Object.entries(edges)) {
    const cycle = findCycle(declared);
    if (cycle) problems.push(`${side} capabilities use each other in a cycle: ${cycle.join(' → ')}`);
  }
  const known = new Set(files.map((f) => f.path));
  const resolve = (from: string, spec: string): string | null => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) if (known.has(base + ext)) return base + ext;
    return base;
  };

  problems.push(...findTableProblems(files));
  for (const file of files) {
    const from = place(file.path);
    if (from.side === 'other') continue;
    const lazy = file.path === ROUTE_TABLE ? lazyImportsOf(file.text) : new Set<string>();
    const typeOnly = typeOnlyImportsOf(file.text);
    for (const spec of importsOf(file.text)) {
      const say = (why: string) => problems.push(`${file.path} imports ${spec}: ${why}`);
      if (!spec.startsWith('.')) {
        if (from.side === 'protocol' && spec === 'zod' && !isSchema(file.path) && !typeOnly.has(spec)) {
          say('only *.schema.ts files of src/protocol use zod (the web loads the others)');
        }
        continue;
      }
      const target = resolve(file.path, spec);
      if (!target) continue;
      const to = place(target);
      if (isTest(file.path)) {
        if (from.side !== to.side && to.side !== 'protocol') say('web and server meet only in src/protocol');
        continue;
      }
      if (from.side === 'protocol') {
        if (to.side !== 'protocol') say('protocol must stay free of web and server code');
        else if (isSchema(target) && !isSchema(file.path) && !typeOnly.has(spec))
          say('a plain protocol file never imports a schema (the web loads it)');
        continue;
      }
      if ((from.side === 'web' && to.side === 'server') || (from.side === 'server' && to.side === 'web')) {
        say('web and server meet only in src/protocol');
        continue;
      }
      if (from.side === 'web' && to.side === 'protocol' && isSchema(target) && !typeOnly.has(spec)) {
        say('schemas are for the server; the web imports the plain protocol file');
      }
      if (from.side === 'server') checkServer(file.path, from, to, target, say, edges.server);
      if (from.side === 'web') checkWeb(from, to, say, edges.web);
      if (from.side === 'web' && isConsoleCode(target) && !isConsoleCode(file.path) && !lazy.has(spec)) {
        say(
          file.path === ROUTE_TABLE
            ? 'the route table loads console screens lazily (import(…)), never statically'
            : 'member code never imports console code (decision 0232): move the shared part out of console/, or this file into it',
        );
      }
    }
  }
  return problems;
}

/** The server files that compose the capabilities: they alone import the list (features/index.ts). */
const isCompositionRoot = (file: string) =>
  ['src/server/app.ts', 'src/server/main.ts'].includes(file) || file.startsWith('src/server/cli/');

function checkServer(
  file: string,
  from: Place,
  to: Place,
  target: string,
  say: (why: string) => void,
  edges: Edges,
): void {
  if (to.side !== 'server' || to.area !== 'features') return;
  if (target === 'src/server/features/index.ts' && !isCompositionRoot(file)) {
    say(
      'only the composition root (app.ts, main.ts, cli/) imports the capability list; use capability.ts and db/schema.ts types',
    );
    return;
  }
  if (!from.feature) {
    const listImportsCapability = from.area === 'features' && to.inFeature === 'index.ts';
    if (target !== 'src/server/features/index.ts' && !listImportsCapability) {
      say('outside features/, server code uses the capability list (features/index.ts), never one capability');
    }
    return;
  }
  if (!to.feature || to.feature === from.feature) return;
  if (to.inFeature !== 'index.ts') say(`a capability uses ${to.feature} only through its index.ts`);
  else if (!edges[from.feature]?.includes(to.feature)) {
    say(`${from.feature} does not declare that it uses ${to.feature} (its index.ts \`uses\`)`);
  }
}

function checkWeb(from: Place, to: Place, say: (why: string) => void, edges: Edges): void {
  if (to.side !== 'web') return;
  if (from.area === 'ui' && ['lib', 'api', 'features'].includes(to.area)) {
    say('ui/ holds primitives only: it never imports lib/, api/ or features/');
    return;
  }
  if (to.area !== 'features' || !to.feature) return;
  if (['ui', 'lib', 'api'].includes(from.area)) {
    say('shared code never imports a feature (imports flow shared → features → app)');
  } else if (from.feature && from.feature !== to.feature && !edges[from.feature]?.includes(to.feature)) {
    say(`web feature ${from.feature} may not import ${to.feature} (src/web/features/index.ts declares who may)`);
  }
}

// ── Table ownership ──────────────────────────────────────────────────────────────────────────

const PLATFORM = 'platform';

/** Each table's owner: the capability whose tables.ts declares it in `export interface …Tables`, or the platform. */
export function tableOwners(files: readonly SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    const at = place(file.path);
    const owner =
      at.side === 'server' && at.feature && at.inFeature === 'tables.ts'
        ? at.feature
        : file.path === 'src/server/db/schema.ts'
          ? PLATFORM
          : null;
    if (!owner) continue;
    for (const list of file.text.matchAll(/export interface \w*Tables\b[^{]*\{([^}]*)\}/g)) {
      for (const table of (list[1] ?? '').matchAll(/^\s*(\w+)\s*:/gm)) owners.set(table[1] as string, owner);
    }
  }
  return owners;
}

const QUERY =
  /\.(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|(?:inner|left|right|full|cross)Join(?:Lateral)?)\(\s*['"`]([a-z_][a-z0-9_]*)/g;
const RAW_SQL = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/gi;

/** The tables a source text queries, through Kysely's builder or in raw sql`…` text. */
export function queriedTables(text: string): string[] {
  const tables = [...text.matchAll(QUERY)].map((m) => m[2] as string);
  for (const raw of text.matchAll(RAW_SQL)) {
    for (const m of (raw[1] ?? '').matchAll(RAW_TABLE)) tables.push((m[1] as string).toLowerCase());
  }
  return tables;
}

/**
 * A capability reads another's data through that one's exported functions, never its tables;
 * platform code (outside features/) queries only the platform's tables.
 */
function findTableProblems(files: readonly SourceFile[]): string[] {
  const owners = tableOwners(files);
  const problems: string[] = [];
  for (const file of files) {
    const at = place(file.path);
    if (at.side !== 'server' || isTest(file.path)) continue;
    const self = at.feature ?? PLATFORM;
    for (const table of new Set(queriedTables(file.text))) {
      const owner = owners.get(table);
      if (!owner || owner === PLATFORM || owner === self) continue;
      problems.push(
        at.feature
          ? `${file.path} queries table ${table} of ${owner}: a capability reads another's data through its index.ts functions`
          : `${file.path} queries table ${table} of ${owner}: platform code receives capability data from the capabilities (capability.ts)`,
      );
    }
  }
  return problems;
}
