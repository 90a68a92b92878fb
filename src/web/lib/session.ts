import { queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorCode } from '../../protocol/errorCodes';
import { type GameVarValue, splitGameVars } from '../../protocol/gameVars';
import type { UserData, UserDataAnswer } from '../../protocol/identity';
import { portal } from '../api/client';
import { signOut, useAuth } from './auth';

/** The member's data as the app uses it (SPEC §3): pUserData without aGameVars, and pGameVars. */
export type MemberData =
  | { registered: true; pUserData: Omit<UserData, 'aGameVars'>; pGameVars: Record<string, GameVarValue> }
  | { registered: false };

export const userDataQueryKey = ['userData'] as const;

/** getUserData with the bearer; a refusal signs the member out (SPEC §7), no profile yet is reported. */
export async function fetchUserData(token: string): Promise<MemberData> {
  const answer = await portal<UserDataAnswer>('getUserData', {}, { token });
  if (answer?.iErrorCode === ErrorCode.OK && answer.pUserData) {
    const { pUserData, pGameVars } = splitGameVars(answer.pUserData);
    return { registered: true, pUserData, pGameVars };
  }
  if (answer?.iErrorCode === ErrorCode.NOT_REGISTERED) return { registered: false };
  if (answer) await signOut();
  throw new Error(answer ? `getUserData failed (${answer.iErrorCode})` : 'The server could not be reached.');
}

export function userDataQueryOptions(token: string | null) {
  return queryOptions({
    // Not keyed by token: a refreshed token (password change) is the same member. Sign-out clears the cache.
    queryKey: userDataQueryKey,
    queryFn: () => fetchUserData(token as string),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
}

/** The signed-in member's data (disabled while signed out). */
export function useUserData() {
  const auth = useAuth();
  return useQuery(userDataQueryOptions(auth.status === 'signedIn' ? auth.token : null));
}
