import type {
  AnnounceCountAnswer,
  AnnounceListAnswer,
  AnnouncementSegment,
  AnnounceSendAnswer,
} from '../../../../protocol/announcements';
import type { Answer } from '../../../../protocol/wire';
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
  consoleCall<AnnounceListAnswer>('announceList', { iPage }, signal);

export const countSegment = (pSegment: AnnouncementSegment, signal?: AbortSignal) =>
  consoleCall<AnnounceCountAnswer>('announceCount', { pSegment }, signal);

export const sendAnnouncement = (body: {
  sTitle: string;
  sBody: string;
  pSegment: AnnouncementSegment;
  iSendAt: number;
  bEmail: boolean;
  sReason: string;
}) => consoleCall<AnnounceSendAnswer>('announceSend', body);

export const cancelAnnouncement = (iAnnouncementID: number, sReason: string) =>
  consoleCall<{ iErrorCode: number }>('announceCancel', { iAnnouncementID, sReason });

/** The member closed an announcement's popup: it does not show again, on any device. */
export const ackAnnouncement = (iAnnouncementID: number) =>
  portal<Answer>('ackAnnouncement', { iAnnouncementID }, { token: getAuthState().token });
