/** Feature flags of docs/product.md §1 and their defaults; operators change them in the database. */
export const FLAG_DEFAULTS = {
  bWallet: false,
  bChat: true,
  bRewardStore: true,
  bShowBlockchainID: false,
  /** Issue 39: members trade and give collectibles and points (/trades). */
  bTrading: true,
  /** docs/product.md §10: registration without an invite code is allowed unless this is on. */
  inviteOnly: false,
} as const;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export type Flags = { [K in FlagName]: boolean };

export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_DEFAULTS, name);
}

/**
 * What each flag changes for members, one sentence each (the console's flags screen, issue 29).
 * The spec's four first, then our own. A member's open tab reads the flags at its next page load;
 * the server applies them to every request at once.
 */
export const FLAG_EFFECTS: Readonly<Record<FlagName, { on: string; off: string; spec: boolean }>> = {
  bWallet: {
    spec: true,
    on: 'Members see a wallet connect button in the navbar and a wallet card on /account, and may link an address.',
    off: 'No wallet button or card; linking an address is refused (a member can still unlink one).',
  },
  bChat: {
    spec: true,
    on: 'The Chat button and /chat (Howl) are there for members who may chat.',
    off: '/chat and every Howl button go at the next page load; chat messages and new connections are refused.',
  },
  bRewardStore: {
    spec: true,
    on: '/rewardstore is the Reward Store: members buy items with their points.',
    off: '/rewardstore shows the Reward Store Preview: what is coming, nothing to buy; purchases are refused.',
  },
  bShowBlockchainID: {
    spec: true,
    on: 'Collectible cards and the viewer show each token’s blockchain id.',
    off: 'Blockchain ids stay hidden on collectibles.',
  },
  bTrading: {
    spec: false,
    on: 'Members may offer trades and send gifts (/trades, "Offer a trade" on profiles and items).',
    off: '/trades and the trade buttons go at the next page load; new offers and accepts are refused (held trades still release).',
  },
  inviteOnly: {
    spec: false,
    on: 'Registration needs a valid invite code.',
    off: 'Anyone may register; an invite code is optional.',
  },
};
