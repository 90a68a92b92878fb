/**
 * The one script of a prerendered document (scripts/prerender.ts): it starts the app (the modules
 * named in its data-modules, dependencies first). A visitor's screen (/login, /register) is whole
 * without them: they start once it is on screen (fetched with the document, the app's scripts
 * arrive before that first paint on a fast connection, and run before it when they come from the
 * cache; a screen that is ready should not wait for them). A member's screen (/home) shows their
 * data, which only the app draws: the app starts without waiting, its modules fetched with the
 * document, which has already asked for that data (routeQueries.ts and lib/pageLoad.ts, run first).
 */
const modules = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules?.split(' ') ?? [];
const member = document.getElementById('root')?.dataset.shell === 'member';
let started = false;

/** Fetches them all at once, then runs them one at a time, letting the page breathe between. */
async function start(): Promise<void> {
  if (started) return;
  started = true;
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const module of modules) {
    await import(/* @vite-ignore */ module);
    await new Promise((resolve) => setTimeout(resolve));
  }
}

const FIRST_PAINT = 'first-contentful-paint';
if (
  member ||
  document.visibilityState === 'hidden' ||
  !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
  performance.getEntriesByName(FIRST_PAINT).length > 0
) {
  start();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName(FIRST_PAINT).length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A tab sent to the background before it painted paints nothing until it is shown again.
  document.addEventListener('visibilitychange', start, { once: true });
  // Whatever holds the paint back (a font that does not come), the app does not wait for it longer.
  setTimeout(start, 3000);
}
