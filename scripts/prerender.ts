/**
 * After `vite build`: the first paint of the screens in src/web/lib/shell.ts, rendered here by the
 * app's own components (src/web/prerender.tsx, built for Node) into `<path>.html` beside index.html,
 * which the server sends for those paths (src/server/http/static.ts). Every document gets its CSS
 * inline instead of a render-blocking stylesheet: the entry's, plus for a shell the stylesheets of
 * the classes its markup uses. A member's shell shows their data, which only the app draws: its
 * document also fetches the app's modules and its screen's chunks and styles at once (Vite's
 * manifest says which), where a visitor's waits for its first paint (src/web/boot.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const dist = path.resolve(process.env.WEB_DIST ?? 'dist/web');
// Inside the project, so that the server build finds its packages in node_modules (not inside
// node_modules itself: a worktree may share that folder with another checkout's build).
const serverBuild = path.resolve('dist/.prerender');

interface PrerenderModule {
  SHELLS: Readonly<Record<string, 'guest' | 'member'>>;
  renderShell(path: string, session: 'guest' | 'member'): Promise<string>;
  titleForPath(path: string): string;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>\n?\s*/g;
const SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\n?\s*/g;
const MODULEPRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\n?\s*/g;
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * The screen of a member shell's route (src/web/router.tsx), as Vite's manifest names it; its layout
 * is in the `page` chunk (vite.config.ts) that every screen imports. With it the query cache's
 * persistence, which main.tsx imports after its start on every load: fetched with the document, it
 * is no request chained after the entry's evaluation (issue 40).
 */
const MEMBER_ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // The screen is in vite.config.ts's `home` group: the manifest names that chunk, not the module.
  '/home': ['group:home', 'api/persist.ts'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifestFile = path.join(dist, '.vite/manifest.json');

/** The chunks (with every chunk they import) and stylesheets of a route's lazy parts. */
function routeParts(manifest: Record<string, ManifestChunk>, route: string): { modules: string[]; css: string[] } {
  const modules = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const group = key.startsWith('group:') ? new RegExp(`^_${key.slice('group:'.length)}-[\\w-]+\\.js$`) : null;
    const chunk = group ? Object.entries(manifest).find(([name]) => group.test(name))?.[1] : manifest[key];
    if (!chunk) throw new Error(`Vite's manifest has no ${key} (scripts/prerender.ts MEMBER_ROUTE_MODULES)`);
    if (modules.has(`/${chunk.file}`)) return;
    modules.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of MEMBER_ROUTE_MODULES[route] ?? []) visit(key);
  return { modules: [...modules], css: [...css] };
}

/** The chunk of src/web/routeQueries.ts and lib/pageLoad.ts (vite.config.ts, the `early` group). */
function earlyModule(manifest: Record<string, ManifestChunk>): string {
  const chunk = Object.entries(manifest).find(([key]) => /^_early-[\w-]+\.js$/.test(key))?.[1];
  if (!chunk) throw new Error("Vite's manifest has no early chunk (vite.config.ts, src/web/routeQueries.ts)");
  return `/${chunk.file}`;
}

const read = (href: string) => readFileSync(path.join(dist, href), 'utf8');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const defines = (css: string, className: string) => new RegExp(`\\.${escapeRegExp(className)}(?![\\w-])`).test(css);

/** The lazily loaded stylesheets (not the entry's) that style the classes in `html`, in order of first use. */
function stylesheetsFor(html: string, entryCss: string, label: string): string[] {
  const sheets = readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ href: `/assets/${file}`, css: read(`/assets/${file}`) }));
  const classes = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)));
  const used: string[] = [];
  for (const className of classes) {
    if (!className || defines(entryCss, className)) continue;
    const sheet = sheets.find((s) => defines(s.css, className));
    if (!sheet) throw new Error(`The ${label} shell uses the class "${className}", which no stylesheet defines`);
    if (!used.includes(sheet.href)) used.push(sheet.href);
  }
  return used;
}

interface DocumentParts {
  entryCss: string[];
  title?: string;
  root?: string;
  sheets?: string[];
  /** A shell's one script: it starts the entry's modules after the first paint (src/web/boot.ts). */
  boot?: string;
  /**
   * A member's shell: its modules, and these chunks of its route, are fetched with the document, and
   * the early requests' module (src/web/routeQueries.ts) runs before the app to ask for the member's data.
   */
  member?: { routeModules: string[]; early: string };
}

function assemble(template: string, options: DocumentParts) {
  const inlined = [...options.entryCss, ...(options.sheets ?? [])];
  const css = inlined.map(read).join('\n');
  // A disabled link per inlined stylesheet: Vite's chunk loader sees it and does not fetch that file again.
  const seen = inlined.map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('');
  let html = template.replace(STYLESHEET, '').replace('</head>', `  <style>${css}</style>${seen}\n  </head>`);
  if (options.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${options.title}</title>`);
  if (options.root) html = html.replace(ROOT, `${options.root}$1`);
  if (options.boot) {
    // The entry's dependencies first: boot runs them in this order.
    const modules = [...html.matchAll(MODULEPRELOAD), ...html.matchAll(SCRIPT)].map((m) => m[1] as string);
    // Low priority, like everything a member's document fetches for the app: the first paint (the
    // document and its fonts) goes first, and never waits for them.
    let boot = `<script type="module" crossorigin fetchpriority="low" src="${options.boot}" data-modules="${modules.join(' ')}"></script>`;
    if (options.member) {
      boot = `<script type="module" crossorigin fetchpriority="low" src="${options.member.early}"></script>\n    ${boot}`;
    }
    const preload = (href: string) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;
    // A member's document asks for the framework first, before its own two scripts: it is the
    // largest file the first render waits for, and requests of one priority leave in document order
    // over at most six connections (issue 40).
    const vendor = options.member ? modules.filter((href) => /\/vendor-[\w-]+\.js$/.test(href)) : [];
    const preloads = options.member
      ? [...modules, ...options.member.routeModules.filter((href) => !modules.includes(href))]
          .filter((href) => !vendor.includes(href))
          // Low priority: the fonts of the first paint go first.
          .map(preload)
          .join('\n    ')
      : '';
    const first = vendor.map(preload).join('\n    ');
    html = html
      .replace(SCRIPT, '')
      .replace(MODULEPRELOAD, '')
      .replace('</head>', `  ${first ? `${first}\n    ` : ''}${boot}\n  ${preloads ? `  ${preloads}\n  ` : ''}</head>`);
  }
  return html;
}

await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'prerender.tsx', outDir: serverBuild, emptyOutDir: true, copyPublicDir: false },
});
const app = (await import(pathToFileURL(path.join(serverBuild, 'prerender.js')).href)) as PrerenderModule;

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryCss = [...template.matchAll(STYLESHEET)].map((m) => m[1] as string);
if (entryCss.length === 0)
  throw new Error(`${path.relative('.', dist)}/index.html has no stylesheet: run vite build first`);
const entryText = entryCss.map(read).join('\n');
const bootFile = readdirSync(path.join(dist, 'assets')).find((file) => /^boot-[\w-]+\.js$/.test(file));
if (!bootFile) throw new Error('vite build made no boot script (src/web/boot.ts)');

if (!existsSync(manifestFile)) throw new Error(`${path.relative('.', manifestFile)} is missing: run vite build first`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

for (const [route, session] of Object.entries(app.SHELLS)) {
  // React adds a preload for each image it renders ahead of the markup: the document has them anyway.
  const markup = (await app.renderShell(route, session)).replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
  const sheets = stylesheetsFor(markup, entryText, route);
  let member: DocumentParts['member'];
  if (session === 'member') {
    const parts = routeParts(manifest, route);
    // The screen's own styles too: inline, they are no request between the app and its first render.
    sheets.push(...parts.css.filter((href) => !sheets.includes(href) && !entryCss.includes(href)));
    member = { routeModules: parts.modules, early: earlyModule(manifest) };
  }
  const document = assemble(template, {
    entryCss,
    title: app.titleForPath(route),
    root: `<div id="root" data-shell="${session}" inert>${markup}</div>`,
    sheets,
    boot: `/assets/${bootFile}`,
    member,
  });
  const file = path.join(dist, `${route.slice(1)}.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, document);
}
// Every other path keeps index.html's loading screen, now without a render-blocking stylesheet either.
writeFileSync(path.join(dist, 'index.html'), assemble(template, { entryCss }));
rmSync(serverBuild, { recursive: true, force: true });
// Not served: the manifest is build information only.
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
console.log(`prerendered ${Object.keys(app.SHELLS).join(', ')} into ${path.relative('.', dist)}`);
// The app's modules keep timers (query garbage collection) that would hold the process open.
process.exit(0);
