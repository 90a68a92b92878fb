import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StartRunAnswer } from '../../../../protocol/games';
import type { InputChunk } from '../../../../protocol/monsterBreaker/chunks';
import { game, ok } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';
import type { GuestPlayer } from '../../../lib/guest';

/**
 * The game service's calls (docs/product.md §7: POST to GAME_BASE, the bearer token when signed
 * in): fetchers, their query options and hooks, and the one key factory.
 */
export const gamesKeys = {
  all: ['games'] as const,
  /** Keyed by who asks: a member's best scores are theirs, a visitor's list has none. */
  list: (userId: string) => [...gamesKeys.all, 'list', userId] as const,
  leaderboard: (userId: string) => [...gamesKeys.all, 'leaderboard', userId] as const,
  curse: (userId: string) => [...gamesKeys.all, 'curse', userId] as const,
};

const token = () => getAuthState().token;
const viewer = (auth: ReturnType<typeof useAuth>) => (auth.status === 'signedIn' ? auth.user.id : '');

export const listGames = async () => ok(await game('listGames', {}, { token: token() }));

export const getLeaderboard = async () => ok(await game('getLeaderboard', {}, { token: token() }));

export const getCurse = async () => ok(await game('getCurse', {}, { token: token() }));

/** A run for the signed-in member, or for this browser's guest (a new guest without one). Answers the code when refused. */
export const startRun = (guest: GuestPlayer | null) =>
  game(
    'startRun',
    guest && !token() ? { iGuestUserID: guest.iGuestUserID, sGuestPassword: guest.sGuestPassword } : {},
    { token: token() },
  );

export const submitChunk = (run: Pick<StartRunAnswer, 'iRunID' | 'sRunKey' | 'iSeed'>, chunk: InputChunk) =>
  game('submitChunk', { iRunID: run.iRunID, sRunKey: run.sRunKey, iSeed: run.iSeed, ...chunk }, { token: token() });

export const finishRun = (run: Pick<StartRunAnswer, 'iRunID' | 'sRunKey'>) =>
  game('finishRun', { iRunID: run.iRunID, sRunKey: run.sRunKey }, { token: token() });

export const answerCurse = (sWeek: string, sAnswer: string) =>
  game('answerCurse', { sWeek, sAnswer }, { token: token() });

export const gamesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: gamesKeys.list(userId), queryFn: listGames, staleTime: 30_000 });

export const leaderboardQueryOptions = (userId: string) =>
  queryOptions({ queryKey: gamesKeys.leaderboard(userId), queryFn: getLeaderboard, staleTime: 30_000 });

export const curseQueryOptions = (userId: string) =>
  queryOptions({ queryKey: gamesKeys.curse(userId), queryFn: getCurse, staleTime: 60_000 });

function useViewerQuery<T>(options: (userId: string) => T) {
  const auth = useAuth();
  return { auth, options: options(viewer(auth)), enabled: auth.status !== 'loading' };
}

export function useGames() {
  const { options, enabled } = useViewerQuery(gamesQueryOptions);
  return useQuery({ ...options, enabled });
}

export function useLeaderboard() {
  const { options, enabled } = useViewerQuery(leaderboardQueryOptions);
  return useQuery({ ...options, enabled });
}

export function useCurse() {
  const { options, enabled } = useViewerQuery(curseQueryOptions);
  return useQuery({ ...options, enabled });
}
