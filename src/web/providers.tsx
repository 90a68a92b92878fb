import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './api/queryClient';

/**
 * The query client's provider sits in each layout, not at the root: the layouts load after the
 * entry, and so TanStack Query stays out of the entry bundle.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
