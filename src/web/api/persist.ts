import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { CACHE_THROTTLE_MS } from '../config';
import { CACHE_RULES } from '../lib/persistedCache';
import { STORAGE } from '../lib/storage';

/**
 * Persists the query cache (lib/persistedCache). Loaded after the first render (it is not
 * in the entry bundle); restored entries never replace fresher data (hydration keeps the newer).
 * A query with `meta: { persist: false }` (a large published list) stays in memory only, and an
 * infinite list keeps its first page only: what "Show more" added is the visit's, not the next
 * page load's (decision 0201's first page on every visit; a collection opened to its end would
 * otherwise fill the storage and be refetched page by page on each reload).
 */
export function firstPageOnly(data: unknown): unknown {
  if (!isInfinite(data) || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

function isInfinite(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  if (typeof data !== 'object' || data === null) return false;
  const { pages, pageParams } = data as { pages?: unknown; pageParams?: unknown };
  return Array.isArray(pages) && Array.isArray(pageParams);
}

export function startPersistence(queryClient: QueryClient): void {
  const options = {
    queryClient,
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: STORAGE.queryCache,
      throttleTime: CACHE_THROTTLE_MS,
    }),
    ...CACHE_RULES,
    dehydrateOptions: {
      // The library's default (successful queries only), minus those that opt out.
      shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist !== false,
      serializeData: firstPageOnly,
    },
  };
  const [, restored] = persistQueryClient(options);
  void restored.then(() => {
    markRestoredStale(queryClient);
    // Writes follow the cache's changes; what the page answered before persistence started is written
    // once now, so a reload of this very page finds it (lib/pageLoad paints /home from it).
    void persistQueryClientSave(options);
  });
}

/**
 * What the persisted cache restored is shown at once, and asked for again when a screen shows it:
 * a page load wants what is true now, whatever a query's `staleTime` (written on a 1 s timer, the
 * cache of a page reloaded right after an answer holds the data from before it: a curse broken a
 * moment before showed unbroken for the next minute). Nothing is fetched here: a query with an
 * observer has its own fetch under way, or starts it when its screen shows (or is enabled).
 * Data this page load has already answered is newer than the page's start, and stays fresh.
 */
export function markRestoredStale(queryClient: QueryClient, pageStart = performance.timeOrigin): void {
  void queryClient.invalidateQueries({
    predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < pageStart,
    refetchType: 'none',
  });
}
