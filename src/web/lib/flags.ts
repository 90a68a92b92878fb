import { createContext, useContext } from 'react';
import { FLAG_DEFAULTS, type Flags } from '../../protocol/flags';
import { portal } from '../api/client';
import { local, STORAGE } from './storage';

/**
 * Feature flags are read once at start (docs/product.md §17): the router depends on them
 * (/chat exists only with bChat, /rewardstore picks its screen by bRewardStore).
 * The last known value is kept so an offline start still has them. `sent`: the request a member's
 * page load sent already (lib/pageLoad).
 */
export async function loadFlags(sent?: Promise<Response>): Promise<Flags> {
  const answer = await portal('getFlags', {}, { sent });
  if (answer?.iErrorCode === 0 && answer.pFlags) {
    local.set(STORAGE.flags, JSON.stringify(answer.pFlags));
    return { ...FLAG_DEFAULTS, ...answer.pFlags };
  }
  return lastKnownFlags();
}

/** The flags this browser last saw (the defaults on a first visit). */
export function lastKnownFlags(): Flags {
  try {
    return { ...FLAG_DEFAULTS, ...(JSON.parse(local.get(STORAGE.flags) ?? '{}') as Partial<Flags>) };
  } catch {
    return { ...FLAG_DEFAULTS };
  }
}

/** The flags the app started with, given to every screen by main.tsx (and the prerender) through React. */
export const FlagsContext = createContext<Flags>(FLAG_DEFAULTS);

export const useFlags = (): Flags => useContext(FlagsContext);
