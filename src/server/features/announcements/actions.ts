import { ackAnnouncementInput } from '../../../protocol/announcements.schema';
import { ErrorCode } from '../../../protocol/errors';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { ackAnnouncement } from './popups';
import type { AnnouncementsTables } from './tables';

const defineAction = actionDefiner<AnnouncementsTables>();

/** portal/ackAnnouncement: the member closed an announcement's popup (it shows once). */
export const announcementsActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'ackAnnouncement',
    input: ackAnnouncementInput,
    auth: 'member',
    async handler({ iAnnouncementID }, { deps, user }) {
      const known = await ackAnnouncement(deps.db, user.id, iAnnouncementID, deps.clock.now());
      return known ? { iErrorCode: ErrorCode.OK } : fail(ErrorCode.NOT_FOUND);
    },
  }),
];
