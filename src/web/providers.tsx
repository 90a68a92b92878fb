import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './api/queryClient';

/**
 * The one query client of the app. Its provider sits in each layout, not at the root: the layouts
 * load after the entry, and so TanStack Query stays out of the entry bundle.
 */
export const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
