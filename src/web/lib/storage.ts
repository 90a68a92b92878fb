/**
 * Every key this app keeps in the browser, in one place (several are docs/product.md's contract:
 * keep them as they are), read and written only through `local` and `session` below, which never
 * throw (storage refused, private mode) and take no other key.
 */
export const STORAGE = {
  /** Session-style auth (docs/product.md §9): the bearer token lives only as long as the tab session. */
  token: 'auth.token',
  /** The member this tab's session was last confirmed to be (lib/pageLoad): a reload paints from the cache for them only. */
  member: 'auth.member',
  /** "This browser has logged in before" (docs/product.md §2 entry routing, /cursebreaker gate). */
  hasLoggedIn: 'bHasLoggedIn',
  /** Path + query a signed-out visitor asked for, restored after sign-in. */
  requestedPath: 'sRequestedPath',
  maintenanceAlertAt: 'iMaintenanceAlertTime',
  sendVerification: 'bSendVerification',
  queryCache: 'cache',
  /** The guest player this browser plays as while signed out (lib/guest.ts). */
  guestPlayer: 'pGuestPlayer',
  /** bDebug (non-production builds only). */
  debug: 'bDebug',
  /** The last flags the server sent, for an offline start (lib/flags). */
  flags: 'pFlags',
  /** The invite code's status, for a reload of the tab (features/identity model/store). */
  codeStatus: 'pCodeStatus',
  /** Written when an address is verified: its `storage` event tells the other tabs (features/identity). */
  emailVerifiedAt: 'iEmailVerifiedAt',
  /** The member's email when this browser's wallet was connected (docs/product.md §4, §5; features/wallet). */
  walletEmail: 'sWalletEmail',
  /** The chat channel last open (features/chat). */
  chatChannel: 'sChatChannel',
  /** Whether the viewer's description panel is open (features/collectibles). */
  viewerDescriptionOpen: 'bViewerDescriptionOpen',
  /** The operator's console session token, per tab like the member's and separate from it (api/console). */
  consoleToken: 'console.token',
  /** The console's times in UTC or the browser's zone ('utc' | 'local'), remembered by this browser (issue 38; read by ui/consoleTime). */
  consoleTimeZone: 'console.timeZone',
  /** Devices this browser's members chose to trust for 30 days after a two-factor code, by email (lib/authSession). */
  trustedDevices: 'pTrustedDevices',
  /** Monster Breaker's sound switch (features/games). */
  monsterBreakerMuted: 'monsterBreaker.muted',
} as const;

export type StorageKey = (typeof STORAGE)[keyof typeof STORAGE];

/** One of the browser's stores, read and written without ever throwing (storage refused, private mode). */
function safely(store: () => Storage) {
  const attempt = <T>(fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch {
      return fallback;
    }
  };
  return {
    get: (key: StorageKey) => attempt(() => store().getItem(key), null),
    set: (key: StorageKey, value: string) => attempt(() => store().setItem(key, value), undefined),
    remove: (key: StorageKey) => attempt(() => store().removeItem(key), undefined),
  };
}

export const local = safely(() => localStorage);
export const session = safely(() => sessionStorage);
