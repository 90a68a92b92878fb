import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { RaffleAnswer, RaffleProofAnswer } from '../../../../protocol/raffle';
import { ok, portal } from '../../../api/client';
import { getAuthState, useAuth } from '../../../lib/auth';
import { memberKeys } from '../../../lib/memberData';

/** The raffle calls: fetchers, their query options and hooks, and the one key factory. */
export const raffleKeys = {
  all: ['raffle'] as const,
  list: () => [...raffleKeys.all, 'list'] as const,
  /** One page of the list: raffles older than `iBeforeID` ('first': the newest). */
  page: (iBeforeID: number | undefined) => [...raffleKeys.list(), iBeforeID ?? 'first'] as const,
  /** 'latest': the latest drawn raffle. */
  detail: (iRaffleID: number | 'latest') => [...raffleKeys.all, 'detail', iRaffleID] as const,
  entries: (iRaffleID: number) => [...raffleKeys.all, 'entries', iRaffleID] as const,
  proof: (iRaffleID: number) => [...raffleKeys.all, 'proof', iRaffleID] as const,
};

const token = () => getAuthState().token;

export const getRaffles = async (iBeforeID?: number) =>
  ok(await portal('getRaffles', { iBeforeID }, { token: token() }));

/** One raffle; without an id, the latest drawn one. Answers the code when refused (NOT_FOUND: none yet). */
export async function getRaffle(iRaffleID?: number): Promise<RaffleAnswer> {
  const answer = await portal('getRaffle', { iRaffleID }, { token: token() });
  if (!answer) throw new Error('The server could not be reached.');
  return answer;
}

export const getRaffleEntries = async (iRaffleID: number) =>
  ok(await portal('getRaffleEntries', { iRaffleID }, { token: token() }));

/** The Merkle path of the member's own entry; RAFFLE_NOT_ENTERED is an answer, not an error. */
export async function getRaffleProof(iRaffleID: number): Promise<RaffleProofAnswer> {
  const answer = await portal('getRaffleProof', { iRaffleID }, { token: token() });
  if (!answer) throw new Error('The server could not be reached.');
  return answer;
}

export const enterRaffle = (input: { iRaffleID: number; iTickets: number; sIdempotencyKey: string }) =>
  portal('enterRaffle', input, { token: token() });

export const raffleQueryOptions = (iRaffleID: number | null) =>
  queryOptions({
    queryKey: raffleKeys.detail(iRaffleID ?? 'latest'),
    queryFn: () => getRaffle(iRaffleID ?? undefined),
    staleTime: 15_000,
  });

export const raffleEntriesQueryOptions = (iRaffleID: number) =>
  queryOptions({
    queryKey: raffleKeys.entries(iRaffleID),
    queryFn: () => getRaffleEntries(iRaffleID),
    // Frozen at close: fetched once per visit, never written to the persisted cache (it can be large).
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    meta: { persist: false },
  });

export const raffleProofQueryOptions = (iRaffleID: number) =>
  queryOptions({
    queryKey: raffleKeys.proof(iRaffleID),
    queryFn: () => getRaffleProof(iRaffleID),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const rafflesPageQueryOptions = (iBeforeID: number | undefined) =>
  queryOptions({ queryKey: raffleKeys.page(iBeforeID), queryFn: () => getRaffles(iBeforeID), staleTime: 15_000 });

/** One page of raffles, newest first (without iBeforeID: the newest). */
export function useRafflesPage(iBeforeID: number | undefined) {
  const auth = useAuth();
  return useQuery({ ...rafflesPageQueryOptions(iBeforeID), enabled: auth.status === 'signedIn' });
}

export function useRaffle(iRaffleID: number | null) {
  const auth = useAuth();
  return useQuery({ ...raffleQueryOptions(iRaffleID), enabled: auth.status === 'signedIn' });
}

export const useRaffleEntries = (iRaffleID: number | null) =>
  useQuery({ ...raffleEntriesQueryOptions(iRaffleID ?? 0), enabled: iRaffleID !== null });

export const useRaffleProof = (iRaffleID: number | null) =>
  useQuery({ ...raffleProofQueryOptions(iRaffleID ?? 0), enabled: iRaffleID !== null });

/**
 * Enters tickets; the member's data and the raffle lists are fetched again after. (A plain call with
 * its own pending state: react-query's mutation hooks would add to the entry bundle's shared code.)
 */
export function useEnterRaffle() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const enter = useCallback(
    async (input: Parameters<typeof enterRaffle>[0]) => {
      setPending(true);
      try {
        return await enterRaffle(input);
      } finally {
        setPending(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: memberKeys.all }),
          queryClient.invalidateQueries({ queryKey: raffleKeys.list() }),
        ]);
      }
    },
    [queryClient],
  );
  return { enter, isPending };
}
