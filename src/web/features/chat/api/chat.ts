import { queryOptions, useQuery } from '@tanstack/react-query';
import { ok, portal } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';

/** The chat calls (docs/product.md §14): history pages, mention suggestions, and the Howl card. */
export const chatKeys = {
  all: ['chat'] as const,
  item: (sItemID: string) => [...chatKeys.all, 'item', sItemID] as const,
  members: (sPrefix: string) => [...chatKeys.all, 'members', sPrefix.toLowerCase()] as const,
};

const token = () => getAuthState().token;

export interface HistoryRequest {
  sChannelID: string;
  iBeforeID?: number;
  iAfterID?: number;
  iLimit?: number;
}

export const getChatHistory = async (request: HistoryRequest) =>
  ok(await portal('getChatHistory', { ...request }, { token: token() }));

export const findChatMembers = async (sPrefix: string) =>
  ok(await portal('findChatMembers', { sPrefix }, { token: token() }));

export const getChatItem = async (sItemID: string) => ok(await portal('getChatItem', { sItemID }, { token: token() }));

export const chatItemQueryOptions = (sItemID: string) =>
  queryOptions({ queryKey: chatKeys.item(sItemID), queryFn: () => getChatItem(sItemID), staleTime: 60_000 });

export const chatMembersQueryOptions = (sPrefix: string) =>
  queryOptions({ queryKey: chatKeys.members(sPrefix), queryFn: () => findChatMembers(sPrefix), staleTime: 60_000 });

/** The Howl card of one of the member's collectibles, for the composer. */
export function useChatItem(sItemID: string | null) {
  const auth = useAuth();
  return useQuery({ ...chatItemQueryOptions(sItemID ?? ''), enabled: auth.status === 'signedIn' && Boolean(sItemID) });
}

/** Usernames for @mention autocomplete (asked once a prefix has a character). */
export function useMentionSuggestions(sPrefix: string | null) {
  const auth = useAuth();
  return useQuery({
    ...chatMembersQueryOptions(sPrefix ?? ''),
    enabled: auth.status === 'signedIn' && Boolean(sPrefix),
  });
}
