import { portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The member's side of announcements; the console's calls live in ../console/api.ts. */

/** The member closed an announcement's popup: it does not show again, on any device. */
export const ackAnnouncement = (iAnnouncementID: number) =>
  portal('ackAnnouncement', { iAnnouncementID }, { token: getAuthState().token });
