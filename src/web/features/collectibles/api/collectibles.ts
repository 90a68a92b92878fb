// The collectibles calls: fetchers, their query options and hooks (their keys: ./keys).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CollectionAnswer,
  CollectionsAnswer,
  InventoryAnswer,
  ItemAnswer,
} from '../../../../protocol/collectibles';
import { ok, portal } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';
import { collectiblesKeys } from './keys';

const token = () => getAuthState().token;

export const getInventory = async () => ok(await portal<InventoryAnswer>('getInventory', {}, { token: token() }));

export const getCollection = async (sCollectionID: string) =>
  ok(await portal<CollectionAnswer>('getCollection', { sCollectionID }, { token: token() }));

/** One item: the owner's (getItem) or anyone's by link (getPublicItem). Answers the code when refused. */
export async function getItem(sItemID: string, shared: boolean): Promise<ItemAnswer> {
  const answer = shared
    ? await portal<ItemAnswer>('getPublicItem', { sItemID })
    : await portal<ItemAnswer>('getItem', { sItemID }, { token: token() });
  if (!answer) throw new Error('The server could not be reached.');
  return answer;
}

export const getCollections = async () => ok(await portal<CollectionsAnswer>('getCollections'));

export const inventoryQueryOptions = () =>
  queryOptions({ queryKey: collectiblesKeys.inventory(), queryFn: getInventory, staleTime: 15_000 });

export const collectionQueryOptions = (sCollectionID: string) =>
  queryOptions({
    queryKey: collectiblesKeys.collection(sCollectionID),
    queryFn: () => getCollection(sCollectionID),
    staleTime: 15_000,
  });

/** The first `size` of the member's items of a collection (a page, not all of them: /home's dashboard). */
export const collectionFirstQueryOptions = (sCollectionID: string, size: number) =>
  queryOptions({
    queryKey: collectiblesKeys.collectionFirst(sCollectionID, size),
    queryFn: async () =>
      ok(await portal<CollectionAnswer>('getCollection', { sCollectionID, iPageSize: size }, { token: token() })),
    staleTime: 15_000,
  });

export const itemQueryOptions = (sItemID: string, shared: boolean) =>
  queryOptions({ queryKey: collectiblesKeys.item(sItemID, shared), queryFn: () => getItem(sItemID, shared) });

export const collectionsQueryOptions = () =>
  queryOptions({ queryKey: collectiblesKeys.collections(), queryFn: getCollections, staleTime: 60_000 });

export function useInventory() {
  const auth = useAuth();
  return useQuery({ ...inventoryQueryOptions(), enabled: auth.status === 'signedIn' });
}

export function useCollectionFirst(sCollectionID: string, size: number) {
  const auth = useAuth();
  return useQuery({ ...collectionFirstQueryOptions(sCollectionID, size), enabled: auth.status === 'signedIn' });
}

export function useCollection(sCollectionID: string | null) {
  const auth = useAuth();
  return useQuery({
    ...collectionQueryOptions(sCollectionID ?? ''),
    enabled: auth.status === 'signedIn' && Boolean(sCollectionID),
  });
}

export const useItem = (sItemID: string, shared: boolean) =>
  useQuery({ ...itemQueryOptions(sItemID, shared), enabled: Boolean(sItemID) });

export const useCollections = () => useQuery(collectionsQueryOptions());
