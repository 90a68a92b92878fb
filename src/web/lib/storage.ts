/** Keys this app keeps in the browser, in one place. */
export const STORAGE = {
  /** Session-style auth (docs/product.md §9): the bearer token lives only as long as the tab session. */
  token: 'auth.token',
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
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => sessionStorage.removeItem(key), undefined),
};
