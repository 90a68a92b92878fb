import type { AnnouncementSegment } from '../../../../protocol/announcements';
import { portal } from '../../../api/client';
import { consoleCall } from '../../../api/console';
import { getAuthState } from '../../../lib/auth';

/** The announcements' calls: the console's (issue 29) and the member's closing of a popup. */
export const announcementKeys = {
  list: ['console', 'announcements'] as const,
  page: (iPage: number) => ['console', 'announcements', 'page', iPage] as const,
  count: (segment: AnnouncementSegment) => ['console', 'announcements', 'count', segment] as const,
};

export const listAnnouncements = (iPage: number, signal?: AbortSignal) =>
  consoleCall('announceList', { iPage }, signal);

export const countSegment = (pSegment: AnnouncementSegment, signal?: AbortSignal) =>
  consoleCall('announceCount', { pSegment }, signal);

export const sendAnnouncement = (body: {
  sTitle: string;
  sBody: string;
  pSegment: AnnouncementSegment;
  iSendAt: number;
  bEmail: boolean;
  sReason: string;
}) => consoleCall('announceSend', body);

export const cancelAnnouncement = (iAnnouncementID: number, sReason: string) =>
  consoleCall('announceCancel', { iAnnouncementID, sReason });

/** The member closed an announcement's popup: it does not show again, on any device. */
export const ackAnnouncement = (iAnnouncementID: number) =>
  portal('ackAnnouncement', { iAnnouncementID }, { token: getAuthState().token });
