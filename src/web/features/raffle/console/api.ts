import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleActionInput } from '../../../../protocol/actions';
import type { ConsoleRaffleWeekly } from '../../../../protocol/consoleRaffles';
import { consoleCall } from '../../../api/console';

/** The raffles' console calls (issue 29; docs/product.md §12) and their query keys. */
export const raffleKeys = {
  lists: ['console', 'raffles'] as const,
  list: (iPage: number) => ['console', 'raffles', iPage] as const,
  raffles: ['console', 'raffle'] as const,
  raffle: (iRaffleID: number, iPage: number) => ['console', 'raffle', iRaffleID, iPage] as const,
  templates: ['console', 'raffleTemplates'] as const,
};

export function useRaffleList(iPage: number, iPageSize: number) {
  return useQuery({
    queryKey: raffleKeys.list(iPage),
    queryFn: ({ signal }) => consoleCall('raffleList', { iPage, iPageSize }, signal),
  });
}

/** The collectible templates a prize may be (they change rarely). */
export function useRaffleTemplates() {
  return useQuery({
    queryKey: raffleKeys.templates,
    queryFn: ({ signal }) => consoleCall('raffleTemplates', {}, signal),
    staleTime: 5 * 60_000,
  });
}

/** One raffle as members see it, with a page of its entries. */
export function useRaffle(iRaffleID: number, iPage: number) {
  return useQuery({
    queryKey: raffleKeys.raffle(iRaffleID, iPage),
    queryFn: ({ signal }) => consoleCall('raffleShow', { iRaffleID, iPage, iPageSize: 25 }, signal),
  });
}

/** The prizes as the console sends them (the schema's input: an item prize names its template). */
export type PrizeInput = ConsoleActionInput<'raffleCreate'>['aPrizes'];
export type RaffleStepAction = 'raffleOpen' | 'raffleClose' | 'raffleDraw' | 'raffleCancel';

export interface NewRaffle {
  sTitle: string;
  iOpensAt: number;
  iClosesAt: number;
  aPrizes: PrizeInput;
}

/** Scheduling, the weekly settings and a raffle's steps (open, close, draw, cancel), each with a reason. */
export function useRaffleLevers() {
  const queries = useQueryClient();
  return {
    create: (raffle: NewRaffle, sReason: string) => consoleCall('raffleCreate', { ...raffle, sReason }),
    setWeekly: (weekly: ConsoleRaffleWeekly, aPrizes: PrizeInput, sReason: string) =>
      consoleCall('raffleWeeklySet', { ...weekly, aPrizes, sReason }),
    /** `action` is the step's console action (raffleWords' STEP_WORDS). */
    step: (action: RaffleStepAction, iRaffleID: number, sReason: string) => consoleCall(action, { iRaffleID, sReason }),
    refresh: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: raffleKeys.lists }),
        queries.invalidateQueries({ queryKey: raffleKeys.raffles }),
      ]),
  };
}
