import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AckNoticesAnswer, CollectionAnswer, InventoryAnswer, NoticeKind } from '../../../protocol/rewards';
import { portal } from '../../api/client';
import { getAuthState, useAuth } from '../auth';

/** Member-core calls that more than one screen needs (home, inventory, popups). */
const token = () => getAuthState().token;

async function ok<T extends { iErrorCode: number }>(answer: T | null): Promise<T> {
  if (!answer) throw new Error('The server could not be reached.');
  if (answer.iErrorCode !== 0)
    throw Object.assign(new Error(`Request refused (${answer.iErrorCode})`), { iErrorCode: answer.iErrorCode });
  return answer;
}

export const ackNotices = (kinds: NoticeKind[], iUpToNoticeID: number) =>
  portal<AckNoticesAnswer>('ackNotices', { sKinds: kinds.join(','), iUpToNoticeID }, { token: token() });

export const getInventory = async () => ok(await portal<InventoryAnswer>('getInventory', {}, { token: token() }));

export const getCollection = async (sCollectionID: string) =>
  ok(await portal<CollectionAnswer>('getCollection', { sCollectionID }, { token: token() }));

export const inventoryQueryOptions = () =>
  queryOptions({ queryKey: ['inventory'], queryFn: getInventory, staleTime: 15_000 });

export const collectionQueryOptions = (sCollectionID: string) =>
  queryOptions({
    queryKey: ['collection', sCollectionID],
    queryFn: () => getCollection(sCollectionID),
    staleTime: 15_000,
  });

export function useInventory() {
  const auth = useAuth();
  return useQuery({ ...inventoryQueryOptions(), enabled: auth.status === 'signedIn' });
}

export function useCollection(sCollectionID: string | null) {
  const auth = useAuth();
  return useQuery({
    ...collectionQueryOptions(sCollectionID ?? ''),
    enabled: auth.status === 'signedIn' && Boolean(sCollectionID),
  });
}
