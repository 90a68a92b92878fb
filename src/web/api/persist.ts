import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { APP_VERSION, CACHE_MAX_AGE_MS, CACHE_THROTTLE_MS } from '../config';
import { STORAGE } from '../lib/storage';

/**
 * docs/product.md §7/§9: the query cache persisted to localStorage under "cache", thrown away after 24 h or
 * when the build changes, written at most once a second. Loaded after the first render (it is not
 * in the entry bundle); restored entries never replace fresher data (hydration keeps the newer).
 * A query with `meta: { persist: false }` (a large published list) stays in memory only.
 */
export function startPersistence(queryClient: QueryClient): void {
  const options = {
    queryClient,
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: STORAGE.queryCache,
      throttleTime: CACHE_THROTTLE_MS,
    }),
    maxAge: CACHE_MAX_AGE_MS,
    buster: APP_VERSION,
    dehydrateOptions: {
      // The library's default (successful queries only), minus those that opt out.
      shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
  const [, restored] = persistQueryClient(options);
  // Writes follow the cache's changes; what the page answered before persistence started is written
  // once now, so a reload of this very page finds it (lib/pageLoad paints /home from it).
  void restored.then(() => persistQueryClientSave(options));
}
