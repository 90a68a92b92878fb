import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../../api/console';

/** Chat's console calls for channels, chat operators and limit vars (issue 29), and their query keys. */
export const chatConsoleKeys = {
  channels: ['console', 'chatChannels'] as const,
  reportHistory: (iPage: number) => ['console', 'reports', 'history', iPage] as const,
};

/** One page of resolved reports, the latest resolution first (issue 38). */
export function useReportHistory(iPage: number) {
  return useQuery({
    queryKey: chatConsoleKeys.reportHistory(iPage),
    queryFn: ({ signal }) => consoleCall('reportHistory', { iPage, iPageSize: 25 }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChatChannels() {
  return useQuery({
    queryKey: chatConsoleKeys.channels,
    queryFn: ({ signal }) => consoleCall('chatChannels', {}, signal),
  });
}

export interface NewChannel {
  sChannelID: string;
  sName: string;
  sTopic: string;
  iSlowModeSeconds: number;
}

/** The levers of `chat channel …`, `chat operator …` and chat's `gamevars set`, each with a reason. */
export function useChatLevers() {
  const queries = useQueryClient();
  return {
    addChannel: (channel: NewChannel, sReason: string) => consoleCall('chatChannelAdd', { ...channel, sReason }),
    updateChannel: (sChannelID: string, changes: { sName?: string; sTopic?: string }, sReason: string) =>
      consoleCall('chatChannelUpdate', { sChannelID, ...changes, sReason }),
    slowChannel: (sChannelID: string, iSlowModeSeconds: number, sReason: string) =>
      consoleCall('chatChannelSlow', { sChannelID, iSlowModeSeconds, sReason }),
    archiveChannel: (sChannelID: string, sReason: string) => consoleCall('chatChannelArchive', { sChannelID, sReason }),
    restoreChannel: (sChannelID: string, sReason: string) => consoleCall('chatChannelRestore', { sChannelID, sReason }),
    addOperator: (sMember: string, sReason: string) => consoleCall('chatOperatorAdd', { sMember, sReason }),
    removeOperator: (sMember: string, sReason: string) => consoleCall('chatOperatorRemove', { sMember, sReason }),
    setVar: (sVarID: string, sValue: string, sReason: string) => consoleCall('chatVarSet', { sVarID, sValue, sReason }),
    refresh: () => queries.invalidateQueries({ queryKey: chatConsoleKeys.channels }),
  };
}
