import { QueryClient } from '@tanstack/react-query';
import { CACHE_MAX_AGE_MS } from '../config';
import { adoptPageLoad } from '../lib/pageLoadQueries';

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

// A member's page load asked for their data (and its route's) before the app ran: those requests
// become these queries' first fetches (lib/pageLoadQueries).
adoptPageLoad(queryClient);
