import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { APP_VERSION, CACHE_MAX_AGE_MS, CACHE_THROTTLE_MS } from '../config';
import { STORAGE } from '../lib/storage';

/** SPEC §7/§9: retry backoff doubles from 1 s to 30 s (used only where a query opts into retry). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** SPEC §7: no retry, no refetch on focus, offline-first; cache lifetime 24 h. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryDelay,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
        gcTime: CACHE_MAX_AGE_MS,
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

/** Persisted to localStorage under "cache", thrown away after 24 h or when the build changes. */
export function persistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      key: STORAGE.queryCache,
      throttleTime: CACHE_THROTTLE_MS,
    }),
    maxAge: CACHE_MAX_AGE_MS,
    buster: APP_VERSION,
  };
}
