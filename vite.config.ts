import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { fontSubsets } from './scripts/fontSubsets.ts';

/** One id per build: the server sends it as Client-Version, the web compares it and busts its cache. */
const buildVersion = `${pkg.version}+${Date.now().toString(36)}`;
const outDir = path.resolve(process.env.WEB_DIST ?? 'dist/web');

/**
 * The entry is what the first paint needs: every module main.tsx imports statically (Rolldown's
 * `$initial` tag), in two files: the framework (vendor) and our shell. Only these folders may hold
 * shell code (docs/architecture.md "The web"): a static import of anything else from them fails
 * the build, so a move can never pull a screen, a feature or a heavy library into the entry.
 */
const SHELL_FOLDERS = ['src/web/', 'src/protocol/'];
const NOT_SHELL = ['src/web/features/', 'src/web/ui/'];
const SHELL_EXCEPTIONS = ['src/web/features/maintenance/'];

/** The script of the prerendered documents, which starts the entry after their first paint (its own chunk). */
const BOOT = 'src/web/boot.ts';
/**
 * The early chunk, which a member's document runs before the app: the requests a member's page load
 * starts with (lib/pageLoad, routeQueries and the features' declarations), and the little they need.
 */
const EARLY = [
  'src/web/routeQueries.ts',
  'src/web/lib/pageLoad.ts',
  'src/web/lib/persistedCache.ts',
  'src/web/features/home/pageLoad.ts',
  'src/web/features/collectibles/api/keys.ts',
  'src/web/lib/storage.ts',
  'src/web/api/media.ts',
  'src/web/api/request.ts',
  'src/web/config.ts',
  'src/protocol/collectibles.ts',
  'src/protocol/routes.ts',
];

const projectPath = (id: string) =>
  path
    .relative(import.meta.dirname, id)
    .split(path.sep)
    .join('/');

function mayBeShell(file: string): boolean {
  if (file === BOOT) return false;
  if (EARLY.includes(file)) return true; // listed one by one, features' page-load declarations included
  if (SHELL_EXCEPTIONS.some((folder) => file.startsWith(folder))) return true;
  if (file.startsWith('src/web/ui/')) return !file.slice('src/web/ui/'.length).includes('/'); // ui's subfolders load later
  return (
    SHELL_FOLDERS.some((folder) => file.startsWith(folder)) && !NOT_SHELL.some((folder) => file.startsWith(folder))
  );
}

/**
 * The parts of every page outside the entry: layouts, member data, the query client, the UI
 * primitives, navbar and footer, and the drawing of the brand mark (ui/BrandMark.tsx). Not the
 * member socket: only the header's bell and the chat screen load it (their shared lazy chunk).
 */
const PAGE_PARTS =
  /^src\/web\/(layouts\/|lib\/(?!memberSocket|liveWelcome)|api\/queryClient|providers|ui\/(navbar\/|footer\/(Footer\.|footerContent)|[^/]+$)|public\/favicon\.svg\?raw$)/;
/**
 * The operators' console's own parts among those folders (its layout, live ops, times, tables and
 * their library, the reason dialog): no member page runs them, so they load with the console's
 * screens, not with every member's page (issue 40: /home downloaded the table library).
 */
const CONSOLE_PARTS = /^src\/web\/(layouts\/Console|lib\/console\.|ui\/((ConsoleTime|DataTable)\.|ReasonDialog\.tsx))/;
/**
 * Beside them, the contract's modules the page parts import (rewards, game variables, error codes):
 * each was a small file of its own, a request more on every cold load.
 */
const PAGE_ALSO = /^src\/protocol\/(rewards|gamevars|errorCodes)\.ts$/;
const PAGE_LIBRARIES = /node_modules[\\/](@tanstack[\\/](query-core|react-query)|lucide-react)[\\/]/;
const isPagePart = (file: string) => (PAGE_PARTS.test(file) && !CONSOLE_PARTS.test(file)) || PAGE_ALSO.test(file);

/**
 * /home's screen with the parts of other features it shows (the Agents' query and card, the daily
 * strip and the popup queue's rules) in one chunk: a member's document fetches it with the app
 * (scripts/prerender.ts), one request instead of five (issue 40). The collection screens and the
 * popups load it too: it is small.
 */
const HOME_PARTS =
  /^src\/web\/features\/(home\/screens\/|collectibles\/(api\/collectibles\.ts|components\/CollectibleCard\.)|rewards\/(components\/DailyRewardStrip\.|model\/popupQueue\.ts))/;

/** Fails the build when the entry would load a module from outside the shell folders. */
function guardShell(): Plugin {
  return {
    name: 'guard-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry || entry.facadeModuleId?.endsWith(BOOT)) continue;
        const strays = [entry, ...entry.imports.map((name) => bundle[name])]
          .flatMap((chunk) => (chunk?.type === 'chunk' ? chunk.moduleIds : []))
          .map(projectPath)
          .filter((file) => !/(^|\/)node_modules\//.test(file) && !file.startsWith('\0') && !mayBeShell(file));
        if (strays.length) this.error(`The entry would load modules outside the shell folders: ${strays.join(', ')}`);
      }
    },
  };
}

/**
 * The favicon inline in the documents (a data: URL, which the CSP's img-src allows): on a member's
 * cold /home its request took one of the six connections ahead of the app's scripts (issue 40).
 */
function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(path.resolve('src/web/public/favicon.svg'), 'utf8').trim();
      return html.replace('href="/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

function writeVersionFile(): Plugin {
  return {
    name: 'write-version-file',
    apply: 'build',
    closeBundle() {
      writeFileSync(path.join(outDir, 'version.json'), JSON.stringify({ version: buildVersion }));
    },
  };
}

/**
 * The body and heading fonts, cut to the UI's characters (scripts/fontSubsets.ts), both above the
 * fold on every screen, are preloaded: they are requested with the document instead of after its
 * first layout, and Chromium holds that first paint a moment for them (styles/fonts.css says how
 * each one shows meanwhile).
 */
const PRELOADED_FONTS = [
  /^assets\/ui-inter-latin-wght-normal-.*\.woff2$/,
  /^assets\/ui-cinzel-latin-700-normal-.*\.woff2$/,
];

function preloadFonts(): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {}).filter((file) =>
          PRELOADED_FONTS.some((font) => font.test(file)),
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The chunks every page load runs almost whole (the framework, our shell, the page parts, the query
 * client) carry V8's explicit compile hint: their functions are compiled with the script, on the
 * background thread that streams it in, instead of one by one on the main thread when first called
 * (which made the app's start a few long tasks; docs/decisions/0077-compile-hints.md). The other
 * chunks stay lazy.
 */
const COMPILED_AT_LOAD = new Set(['vendor', 'index', 'page']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Once the files are written: Vite's own last steps put code before the first line until then.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !COMPILED_AT_LOAD.has(chunk.name)) continue;
        writeFileSync(path.join(options.dir ?? outDir, chunk.fileName), COMPILE_HINT + chunk.code);
      }
    },
  };
}

/**
 * React Router's package points every bundler at its development build, whose warnings run on each
 * render; its own Vite plugin swaps in the production build for `vite build`, which this app (not
 * in framework mode) does here. Tests and `vite` serve keep the warnings.
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
};

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  root: 'src/web',
  resolve: { alias: command === 'build' ? [REACT_ROUTER_PRODUCTION] : [] },
  publicDir: path.resolve('src/web/public'),
  // The server-side build only renders the screens' first paint at build time (scripts/prerender.ts).
  plugins: isSsrBuild
    ? [fontSubsets(), react()]
    : [fontSubsets(), react(), writeVersionFile(), guardShell(), preloadFonts(), inlineFavicon(), compileHints()],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion),
    __DEBUG_ALLOWED__: JSON.stringify(mode !== 'production'),
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Read by scripts/prerender.ts (the chunks of a member's first screen), then deleted.
    manifest: !isSsrBuild,
    reportCompressedSize: false,
    // The framework chunk is 313 kB minified (84 kB gzip); the budget that counts, the entry gzipped, is the bench's.
    chunkSizeWarningLimit: 320,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: { index: path.resolve('src/web/index.html'), boot: path.resolve(BOOT) },
          output: {
            // The entry is two files instead of dozens: per-file gzip overhead counts against the
            // budget. Screens, and each subfolder of ui/, stay in their own lazy chunks.
            codeSplitting: {
              groups: [
                // What a member's document runs before the app (lib/pageLoad), shared with the app.
                { name: 'early', test: (id) => EARLY.includes(projectPath(id)) },
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: /node_modules[\\/]/,
                },
                { name: 'shell', tags: ['$initial'], test: (id) => mayBeShell(projectPath(id)) },
                // What every page loads with its screen, in a few files instead of dozens of small
                // ones: each is a request, and with HTTP/1.1 at most six run at once.
                // The query client's library and the icons are in the page chunk: every member page
                // runs all three, and a cold /home waited for three requests (issue 40).
                ...[
                  { name: 'page', test: (id: string) => PAGE_LIBRARIES.test(id) || isPagePart(projectPath(id)) },
                  { name: 'home', test: (id: string) => HOME_PARTS.test(projectPath(id)) },
                ].map((group) => ({ ...group, includeDependenciesRecursively: false })),
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
