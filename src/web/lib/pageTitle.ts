import { useEffect } from 'react';
import { ROUTES } from '../../protocol/routes';

const SITE = 'Cthulhu Portal';

/** Each screen's name in the browser tab ("Inventory · Cthulhu Portal"); a screen may say more (usePageTitle). */
const TITLES: Record<string, string> = {
  [ROUTES.viewer]: 'Shared collectible',
  [ROUTES.authAction]: 'Account link',
  [ROUTES.maintenance]: 'Maintenance',
  [ROUTES.changeAccount]: 'Change account',
  [ROUTES.instructions]: 'Instructions',
  [ROUTES.login]: 'Log In',
  [ROUTES.register]: 'Register',
  [ROUTES.games]: 'Games',
  [ROUTES.curseBreaker]: 'Curse Breaker',
  [ROUTES.verify]: 'Verify your email',
  [ROUTES.forgotPassword]: 'Forgot password',
  [ROUTES.home]: 'Home',
  [ROUTES.account]: 'Account',
  [ROUTES.raffle]: 'Raffle',
  [ROUTES.raffleViewer]: 'Raffle record',
  [ROUTES.resetPassword]: 'Change password',
  [ROUTES.changeEmail]: 'Change email',
  [ROUTES.inventory]: 'Inventory',
  [ROUTES.collectibles]: 'Collection',
  [ROUTES.item]: 'Collectible',
  [ROUTES.rewardStore]: 'Reward Store',
  [ROUTES.chat]: 'Chat',
  [ROUTES.devMailbox]: 'Dev mailbox',
};

export const pageTitle = (name?: string | null): string => (name ? `${name} · ${SITE}` : SITE);

/** The default title of a path (unknown paths: "Page not found"). */
export const titleForPath = (path: string): string =>
  pageTitle(path === ROUTES.root ? null : (TITLES[path] ?? 'Page not found'));

/** A screen's own title (an item's name…); runs after the layout's default, so it wins. */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
