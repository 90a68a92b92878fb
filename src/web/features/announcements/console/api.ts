import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementSegment } from '../../../../protocol/announcements';
import { consoleCall } from '../../../api/console';

/** The console's announcement calls (issue 29) and their query keys; the member's ack lives in ../api. */
export const announcementKeys = {
  list: ['console', 'announcements'] as const,
  page: (iPage: number) => ['console', 'announcements', 'page', iPage] as const,
  count: (segment: AnnouncementSegment) => ['console', 'announcements', 'count', segment] as const,
};

/** One page of sent and scheduled announcements; while one is on its way, its progress moves. */
export function useAnnouncementPage(iPage: number) {
  return useQuery({
    queryKey: announcementKeys.page(iPage),
    queryFn: ({ signal }) => consoleCall('announceList', { iPage }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.aRows.some((r) => r.sStatus === 'sending' || r.sStatus === 'scheduled') ? 3000 : false,
  });
}

/** How many members a segment matches now (only once it names everyone or a criterion). */
export function useSegmentCount(pSegment: AnnouncementSegment, enabled: boolean) {
  return useQuery({
    queryKey: announcementKeys.count(pSegment),
    queryFn: ({ signal }) => consoleCall('announceCount', { pSegment }, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export interface AnnouncementToSend {
  sTitle: string;
  sBody: string;
  pSegment: AnnouncementSegment;
  iSendAt: number;
  bEmail: boolean;
  sReason: string;
}

/** Sending, cancelling and sending failed mail again; the screen refreshes the list once it has said what happened. */
export function useAnnouncementLevers() {
  const queries = useQueryClient();
  return {
    send: (body: AnnouncementToSend) => consoleCall('announceSend', { ...body }),
    cancel: (iAnnouncementID: number, sReason: string) => consoleCall('announceCancel', { iAnnouncementID, sReason }),
    retryMail: (iAnnouncementID: number, sReason: string) =>
      consoleCall('announceRetryMail', { iAnnouncementID, sReason }),
    refresh: () => queries.invalidateQueries({ queryKey: announcementKeys.list }),
  };
}
