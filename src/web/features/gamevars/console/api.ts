import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../api/console';

/** The game vars' console calls (issue 29, `gamevars`) and their query key. */
export const gameVarKeys = {
  list: ['console', 'gameVars'] as const,
};

export function useGameVars() {
  return useQuery({
    queryKey: gameVarKeys.list,
    queryFn: ({ signal }) => consoleCall('gameVarsList', {}, signal),
  });
}

/** `gamevars set`, with a reason: the server's check is the only one (its refusal is the CLI's sentence). */
export function useGameVarLevers() {
  const queries = useQueryClient();
  return {
    set: (change: { sVarID: string; sType: string; sValue: string }, sReason: string) =>
      consoleCall('gameVarSet', { ...change, sReason }),
    refresh: () => queries.invalidateQueries({ queryKey: gameVarKeys.list }),
  };
}
