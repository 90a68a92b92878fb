import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../api/console';
import type { Fields } from './draft';

/** The store catalogue's console calls (issue 29) and their query key. */
export const storeKeys = {
  catalogue: ['console', 'storeCatalogue'] as const,
};

export function useStoreCatalogue() {
  return useQuery({
    queryKey: storeKeys.catalogue,
    queryFn: ({ signal }) => consoleCall('storeCatalogue', {}, signal),
  });
}

/** `store add|update|restock|retire|restore`, each with the operator's reason; `refresh` reloads the catalogue. */
export function useStoreLevers() {
  const queries = useQueryClient();
  return {
    add: (sStoreItemID: string, fields: Fields, sReason: string) =>
      consoleCall('storeItemAdd', { sStoreItemID, ...fields, sReason }),
    update: (sStoreItemID: string, fields: Fields, sReason: string) =>
      consoleCall('storeItemUpdate', { sStoreItemID, ...fields, sReason }),
    restock: (sStoreItemID: string, iUnits: number, sReason: string) =>
      consoleCall('storeItemRestock', { sStoreItemID, iUnits, sReason }),
    retire: (sStoreItemID: string, sReason: string) => consoleCall('storeItemRetire', { sStoreItemID, sReason }),
    restore: (sStoreItemID: string, sReason: string) => consoleCall('storeItemRestore', { sStoreItemID, sReason }),
    refresh: () => queries.invalidateQueries({ queryKey: storeKeys.catalogue }),
  };
}
