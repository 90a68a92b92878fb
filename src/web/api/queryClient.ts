import { QueryClient } from '@tanstack/react-query';
import { CACHE_MAX_AGE_MS } from '../config';
import { dropEarlyAnswers } from '../lib/early';

/** docs/product.md §7/§9: retry backoff doubles from 1 s to 30 s (used only where a query opts into retry). */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * The one query client of the app (its provider sits in each layout: providers.tsx). Only lazy
 * modules import it, so TanStack Query stays out of the entry bundle. docs/product.md §7: no retry,
 * no refetch on focus, offline-first; cache lifetime 24 h.
 */
export const queryClient = new QueryClient({
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

// Once the app marks data stale after a change (invalidate) or writes a newer value itself
// (setQueryData), its next request must be a new one, never an answer the page asked at load.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated') return;
  const { action } = event;
  if (action.type === 'invalidate' || (action.type === 'success' && action.manual)) dropEarlyAnswers();
});
