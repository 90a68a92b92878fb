/**
 * Which web features may import another (checked by `npm run check`). Features stand alone;
 * `home` is the dashboard and composes the others' components.
 */
export const featureUses: Readonly<Record<string, readonly string[]>> = {
  home: ['collectibles', 'rewards'],
  // A purchase refreshes the inventory it changed.
  store: ['collectibles'],
  // /account shows the wallet card (behind bWallet) and the profile card.
  identity: ['profiles', 'wallet'],
  // The popup queue shows operators' announcements after the rewards (issue 29).
  rewards: ['announcements'],
  // A member's console page has a Trades tab (issue 39).
  members: ['trading'],
};
