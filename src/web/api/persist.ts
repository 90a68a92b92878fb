import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { APP_VERSION, CACHE_MAX_AGE_MS, CACHE_THROTTLE_MS } from '../config';
import { STORAGE } from '../lib/storage';

/**
 * SPEC §7/§9: the query cache persisted to localStorage under "cache", thrown away after 24 h or
 * when the build changes, written at most once a second. Loaded after the first render (it is not
 * in the entry bundle); restored entries never replace fresher data (hydration keeps the newer).
 */
export function startPersistence(queryClient: QueryClient): void {
  persistQueryClient({
    queryClient,
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: STORAGE.queryCache,
      throttleTime: CACHE_THROTTLE_MS,
    }),
    maxAge: CACHE_MAX_AGE_MS,
    buster: APP_VERSION,
  });
}
