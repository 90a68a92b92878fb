// The collectibles calls: fetchers, their query options and hooks (their keys: ./keys).
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ItemAnswer } from '../../../../protocol/collectibles';
import { ok, portal } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';
import { collectiblesKeys } from './keys';

const token = () => getAuthState().token;

export const getInventory = async () => ok(await portal('getInventory', {}, { token: token() }));

/** One page (from 1) of the member's items of a collection, oldest first (decision 0201). */
export const getCollection = async (sCollectionID: string, iPage = 1) =>
  ok(await portal('getCollection', { sCollectionID, iPage }, { token: token() }));

/** One item: the owner's (getItem) or anyone's by link (getPublicItem). Answers the code when refused. */
export async function getItem(sItemID: string, shared: boolean): Promise<ItemAnswer> {
  const answer = shared
    ? await portal('getPublicItem', { sItemID })
    : await portal('getItem', { sItemID }, { token: token() });
  if (!answer) throw new Error('The server could not be reached.');
  return answer;
}

export const getCollections = async () => ok(await portal('getCollections'));

export const inventoryQueryOptions = () =>
  queryOptions({ queryKey: collectiblesKeys.inventory(), queryFn: getInventory, staleTime: 15_000 });

/** The collection page: its first page, and each "Show more" the next one. */
export const collectionQueryOptions = (sCollectionID: string) =>
  infiniteQueryOptions({
    queryKey: collectiblesKeys.collectionPages(sCollectionID),
    queryFn: ({ pageParam }) => getCollection(sCollectionID, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.bMore ? lastPage + 1 : undefined),
    staleTime: 15_000,
  });

/** The first `size` of the member's items of a collection (a page, not all of them: /home's dashboard). */
export const collectionFirstQueryOptions = (sCollectionID: string, size: number) =>
  queryOptions({
    queryKey: collectiblesKeys.collectionFirst(sCollectionID, size),
    queryFn: async () => ok(await portal('getCollection', { sCollectionID, iPageSize: size }, { token: token() })),
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
  return useInfiniteQuery({
    ...collectionQueryOptions(sCollectionID ?? ''),
    enabled: auth.status === 'signedIn' && Boolean(sCollectionID),
  });
}

export const useItem = (sItemID: string, shared: boolean) =>
  useQuery({ ...itemQueryOptions(sItemID, shared), enabled: Boolean(sItemID) });

export const useCollections = () => useQuery(collectionsQueryOptions());
