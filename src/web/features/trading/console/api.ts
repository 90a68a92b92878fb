import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../api/console';

/** The trades' console calls (issue 39) and their query keys. */
export const tradeConsoleKeys = {
  all: ['console', 'trades'] as const,
  list: (member: string, heldOnly: boolean) => [...tradeConsoleKeys.all, member, heldOnly] as const,
  signals: () => [...tradeConsoleKeys.all, 'signals'] as const,
};

/** The newest trades, of one member (a username or an email) or everyone's; held ones only on request. */
export function useConsoleTrades(member: string, heldOnly: boolean) {
  return useQuery({
    queryKey: tradeConsoleKeys.list(member, heldOnly),
    queryFn: ({ signal }) =>
      consoleCall('consoleTrades', { sMember: member || undefined, bHeldOnly: heldOnly }, signal),
  });
}

export function useTradeSignals() {
  return useQuery({
    queryKey: tradeConsoleKeys.signals(),
    queryFn: ({ signal }) => consoleCall('consoleTradeSignals', {}, signal),
  });
}

/** Cancels an open or held trade, or reverses a completed one, with the operator's reason. */
export function useTradeLever() {
  const queries = useQueryClient();
  return async (kind: 'cancel' | 'reverse', sTradeID: string, sReason: string) => {
    await consoleCall(kind === 'cancel' ? 'consoleTradeCancel' : 'consoleTradeReverse', { sTradeID, sReason });
    await queries.invalidateQueries({ queryKey: tradeConsoleKeys.all });
  };
}
