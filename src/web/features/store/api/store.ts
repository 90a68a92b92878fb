import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BuyStoreItemAnswer } from '../../../../protocol/store';
import { type ActionResult, ok, portal } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';

/** The reward store calls: fetchers, their query options and hooks, and the one key factory. */
export const storeKeys = {
  all: ['store'] as const,
  catalogue: () => [...storeKeys.all, 'catalogue'] as const,
  statement: () => [...storeKeys.all, 'statement'] as const,
};

const token = () => getAuthState().token;

export const getStoreCatalogue = async () => ok(await portal('getStoreCatalogue', {}, { token: token() }));

/** One purchase attempt; null when the server could not be reached (try again with the same key). */
export const buyStoreItem = (fields: {
  sStoreItemID: string;
  iQuantity: number;
  sIdempotencyKey: string;
}): Promise<ActionResult<BuyStoreItemAnswer>> => portal('buyStoreItem', fields, { token: token() });

export const getPointsStatement = async (iBeforeID?: number) =>
  ok(await portal('getPointsStatement', { iBeforeID }, { token: token() }));

/** Always fetched afresh when the store opens: stock, limits and balances decide a purchase. */
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.catalogue(),
    queryFn: getStoreCatalogue,
    staleTime: 15_000,
    refetchOnMount: 'always',
  });

export const statementQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: storeKeys.statement(),
    queryFn: ({ pageParam }) => getPointsStatement(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.iNextBeforeID ?? undefined,
    staleTime: 15_000,
    refetchOnMount: 'always',
  });

export function useStoreCatalogue() {
  const auth = useAuth();
  return useQuery({ ...catalogueQueryOptions(), enabled: auth.status === 'signedIn' });
}

export function usePointsStatement() {
  const auth = useAuth();
  return useInfiniteQuery({ ...statementQueryOptions(), enabled: auth.status === 'signedIn' });
}
