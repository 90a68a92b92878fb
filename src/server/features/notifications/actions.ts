import { ErrorCode } from '../../../protocol/errors';
import {
  getNotificationCountsInput,
  listNotificationsInput,
  markNotificationsReadInput,
} from '../../../protocol/notifications.schema';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { listNotifications, markNotificationsRead, notificationCounts } from './entries';
import { announceNotifications } from './live';
import type { NotificationsTables } from './tables';

const defineAction = actionDefiner<NotificationsTables>();

/** The member's notification centre: a page of entries, the counts, and marking read (one or all). */
export const notificationsActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'listNotifications',
    input: listNotificationsInput,
    auth: 'member',
    handler: ({ iBeforeID }, { deps, user }) => listNotifications(deps.db, user.id, iBeforeID),
  }),
  defineAction({
    service: 'portal',
    name: 'getNotificationCounts',
    input: getNotificationCountsInput,
    auth: 'member',
    handler: async (_input, { deps, user }) => ({
      iErrorCode: ErrorCode.OK,
      ...(await notificationCounts(deps.db, user.id)),
    }),
  }),
  defineAction({
    service: 'portal',
    name: 'markNotificationsRead',
    input: markNotificationsReadInput,
    auth: 'member',
    async handler(input, { deps, user }) {
      const which = 'iNotificationID' in input ? { id: input.iNotificationID } : 'all';
      if (!(await markNotificationsRead(deps.db, user.id, which, deps.clock.now()))) return fail(ErrorCode.NOT_FOUND);
      // The member's other devices hear the new counts.
      announceNotifications(deps.bus, [user.id]);
      return { iErrorCode: ErrorCode.OK, ...(await notificationCounts(deps.db, user.id)) };
    },
  }),
];
