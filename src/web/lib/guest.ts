import { local, STORAGE } from './storage';

/**
 * The guest player of this browser (docs/product.md §10): the game service gives a signed-out
 * player a guest id and password; the browser keeps them (across visits, like "logged in before")
 * and sends them at registration, which carries the guest's verified win into the new account.
 */
export interface GuestPlayer {
  iGuestUserID: number;
  sGuestPassword: string;
  /** The guest has a verified M1 Demo win waiting for registration. */
  bBeatDemo: boolean;
}

export function loadGuest(): GuestPlayer | null {
  try {
    const stored = JSON.parse(local.get(STORAGE.guestPlayer) ?? 'null') as Partial<GuestPlayer> | null;
    if (!stored || typeof stored.iGuestUserID !== 'number' || typeof stored.sGuestPassword !== 'string') return null;
    return {
      iGuestUserID: stored.iGuestUserID,
      sGuestPassword: stored.sGuestPassword,
      bBeatDemo: stored.bBeatDemo === true,
    };
  } catch {
    return null;
  }
}

export function saveGuest(guest: GuestPlayer): void {
  local.set(STORAGE.guestPlayer, JSON.stringify(guest));
}

/** After a registration claimed the guest, or when the server no longer knows it. */
export function forgetGuest(): void {
  local.remove(STORAGE.guestPlayer);
}

/** The registerUser fields that claim this browser's guest (none without one). */
export function guestRegistrationFields(): { iGuestUserID?: number; sGuestPassword?: string } {
  const guest = loadGuest();
  return guest ? { iGuestUserID: guest.iGuestUserID, sGuestPassword: guest.sGuestPassword } : {};
}
