import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from './api/queryClient';
import { firstRenderDone } from './lib/pageLoadQueries';

/**
 * The query client's provider sits in each layout, not at the root: the layouts load after the
 * entry, and so TanStack Query stays out of the entry bundle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // The member's data asked for with the page comes into the cache once this first render is on screen.
  useEffect(firstRenderDone, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
