import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { createQueryClient, persistOptions } from './api/queryClient';

export const queryClient = createQueryClient();

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions()}>
      {children}
    </PersistQueryClientProvider>
  );
}
