import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionsAnswer, ItemAnswer } from '../../../../protocol/rewards';
import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** One item: the owner's (getItem) or anyone's by link (getPublicItem). Answers the code when refused. */
export async function getItem(sItemID: string, shared: boolean): Promise<ItemAnswer> {
  const answer = shared
    ? await portal<ItemAnswer>('getPublicItem', { sItemID })
    : await portal<ItemAnswer>('getItem', { sItemID }, { token: getAuthState().token });
  if (!answer) throw new Error('The server could not be reached.');
  return answer;
}

export const itemQueryOptions = (sItemID: string, shared: boolean) =>
  queryOptions({ queryKey: ['item', shared ? 'public' : 'own', sItemID], queryFn: () => getItem(sItemID, shared) });

export const useItem = (sItemID: string, shared: boolean) =>
  useQuery({ ...itemQueryOptions(sItemID, shared), enabled: Boolean(sItemID) });

export async function getCollections(): Promise<CollectionsAnswer> {
  const answer = await portal<CollectionsAnswer>('getCollections');
  if (!answer || answer.iErrorCode !== 0) throw new Error('The collections could not be loaded.');
  return answer;
}

export const useCollections = () => useQuery({ queryKey: ['collections'], queryFn: getCollections, staleTime: 60_000 });
