import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { APP_VERSION, CACHE_MAX_AGE_MS } from '../config';
import { local, STORAGE } from './storage';

/**
 * docs/product.md §7/§9: the query cache persisted to localStorage under "cache", thrown away after
 * 24 h or when the build changes. api/persist's persister writes it with these rules; a member's
 * page load reads it here before the app runs (lib/pageLoad), in the persister's own format
 * (`PersistedClient`, its default JSON serialisation). The persister itself stays out of this
 * entry-bound module: it brings query-core's timers along (decision 0239).
 */
export const CACHE_RULES = { maxAge: CACHE_MAX_AGE_MS, buster: APP_VERSION } as const;

/** What the persister holds, if persistQueryClientRestore would take it in: this build's, younger than maxAge. */
export function freshPersistedClient(now = Date.now()): PersistedClient | null {
  try {
    const persisted = JSON.parse(local.get(STORAGE.queryCache) ?? 'null') as PersistedClient | null;
    if (!persisted || persisted.buster !== CACHE_RULES.buster) return null;
    return now - persisted.timestamp > CACHE_RULES.maxAge ? null : persisted;
  } catch {
    return null;
  }
}
