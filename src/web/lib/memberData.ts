import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCode } from '../../protocol/errorCodes';
import { type GameVarValue, splitGameVars } from '../../protocol/gamevars';
import type { UserData } from '../../protocol/identity';
import { portal } from '../api/client';
import { type AuthUser, useAuth } from './auth';
import { signOut } from './authSession';
import { userDataKey } from './pageLoad';

/** The member's data as the app uses it (docs/product.md §3): pUserData without aGameVars, and pGameVars. */
export type MemberData =
  | { registered: true; pUserData: Omit<UserData, 'aGameVars'>; pGameVars: Record<string, GameVarValue> }
  | { registered: false };

/** Query keys of the member's own data; invalidate `memberKeys.all` after anything that changes pUserData. */
export const memberKeys = {
  all: ['userData'] as const,
  data: userDataKey,
};

/**
 * getUserData with the bearer; a refusal signs the member out (docs/product.md §7), no profile yet is
 * reported. `sent`: the request a member's page load sent already (lib/pageLoadQueries).
 */
export async function fetchUserData(token: string, sent?: Promise<Response>): Promise<MemberData> {
  const answer = await portal('getUserData', {}, { token, sent });
  if (answer?.iErrorCode === ErrorCode.OK && answer.pUserData) {
    const { pUserData, pGameVars } = splitGameVars(answer.pUserData);
    return { registered: true, pUserData, pGameVars };
  }
  if (answer?.iErrorCode === ErrorCode.NOT_REGISTERED) return { registered: false };
  // Maintenance is no refusal of the member: the app goes to /maintenance (api/client) and keeps the session.
  if (answer && answer.iErrorCode !== ErrorCode.MAINTENANCE) await signOut();
  throw new Error(answer ? `getUserData failed (${answer.iErrorCode})` : 'The server could not be reached.');
}

/**
 * Keyed by the account id, not the token: a refreshed token (password change) is the same member,
 * and a cache persisted by another member of this browser is never shown. Sign-out clears the cache.
 */
export function userDataQueryOptions(token: string | null, userId = '') {
  return queryOptions({
    queryKey: memberKeys.data(userId),
    queryFn: () => fetchUserData(token as string),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** The signed-in member's data (disabled while signed out). */
export function useUserData() {
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  return useQuery(userDataQueryOptions(signedIn ? auth.token : null, signedIn ? auth.user.id : ''));
}

/** What entry routing needs to know of a signed-in member (null while the data loads). */
export function memberStatus(user: AuthUser, data: MemberData | undefined) {
  if (!data) return null;
  return { registered: data.registered, verified: user.emailVerified || (data.registered && data.pUserData.bVerified) };
}
