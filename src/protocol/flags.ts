/** Feature flags of docs/product.md §1 and their defaults; operators change them in the database. */
export const FLAG_DEFAULTS = {
  bWallet: false,
  bChat: true,
  bRewardStore: true,
  bShowBlockchainID: false,
  /** docs/product.md §10: registration without an invite code is allowed unless this is on. */
  inviteOnly: false,
} as const;

export type FlagName = keyof typeof FLAG_DEFAULTS;
export type Flags = { [K in FlagName]: boolean };

export const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FlagName[];

export function isFlagName(name: string): name is FlagName {
  return Object.hasOwn(FLAG_DEFAULTS, name);
}
