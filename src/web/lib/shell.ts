import { useEffect } from 'react';
import { ROUTES } from '../../protocol/routes';

/**
 * The screens whose first paint is rendered at build time (scripts/prerender.ts, src/web/prerender.tsx):
 * the document the server sends for them already shows the screen as a signed-out visitor ('guest')
 * or a signed-in member whose data is still on its way ('member') sees it, before any script runs.
 * The app then hydrates it (main.tsx).
 */
export type ShellSession = 'guest' | 'member';

export const SHELLS: Readonly<Record<string, ShellSession>> = {
  [ROUTES.login]: 'guest',
  [ROUTES.register]: 'guest',
  [ROUTES.home]: 'member',
};

/** The prerendered shell in this document's root (its data-shell attribute), if any. */
export function documentShell(root: HTMLElement): ShellSession | null {
  const shell = root.dataset.shell;
  return shell === 'guest' || shell === 'member' ? shell : null;
}

/**
 * A prerendered shell is inert until the app is live: nothing to type into before React owns the
 * form (its state would not know what was typed).
 */
export function markShellLive(): void {
  document.getElementById('root')?.removeAttribute('inert');
}

/** Rendered with the page (layouts/PageBody): live once the page's part of the shell is hydrated. */
export function ShellLive(): null {
  useEffect(markShellLive, []);
  return null;
}
