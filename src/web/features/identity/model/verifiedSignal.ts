/**
 * The cross-tab word "an address was just verified in this browser": the email link opens a new tab,
 * and the tab waiting on /verify moves on by itself. BroadcastChannel where there is one, and a
 * localStorage write (its `storage` event reaches the other tabs) as the fallback.
 */
import { local, STORAGE } from '../../../lib/storage';

const CHANNEL = 'cthulhu-portal.identity';
const MESSAGE = 'emailVerified';

export function announceEmailVerified(): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(MESSAGE);
    channel.close();
  } catch {
    // no BroadcastChannel: the storage event below carries the word
  }
  // Storage refused: the waiting tab's periodic re-check still notices.
  local.set(STORAGE.emailVerifiedAt, String(Date.now()));
}

/** Calls `heard` when another tab of this browser verified an address; answers the unsubscribe. */
export function onEmailVerifiedElsewhere(heard: () => void): () => void {
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => event.data === MESSAGE && heard();
  } catch {
    channel = null;
  }
  const onStorage = (event: StorageEvent) => event.key === STORAGE.emailVerifiedAt && heard();
  window.addEventListener('storage', onStorage);
  return () => {
    channel?.close();
    window.removeEventListener('storage', onStorage);
  };
}
