import { type Capability, forOtherCapabilities } from '../../capability';
import { usernamesOf } from '../identity/index';
import { notificationsActions } from './actions';
import {
  markReadCovered as markReadCoveredOwn,
  notificationCounts as notificationCountsOwn,
  notify as notifyOwn,
} from './entries';
import { notificationSweep } from './live';
import { notificationsMigrations } from './migrations';
import type { NotificationsTables } from './tables';

/**
 * The member's notification centre (issue 28): entries per member with server-side read state, so
 * a second device agrees; written by other capabilities through `notify` (exactly once per member
 * and key), read with the portal actions listNotifications, getNotificationCounts and
 * markNotificationsRead, and announced live over the member socket (live.ts).
 */
export const notifications: Capability<NotificationsTables> = {
  name: 'notifications',
  uses: ['identity'],
  migrations: notificationsMigrations,
  start(ctx) {
    const sweep = notificationSweep(ctx.db, ctx.bus);
    return {
      actions: notificationsActions,
      jobs: [{ name: 'notifications.announce', everyMs: 1000, leader: true, run: sweep }],
      async onMemberRegistered(trx, event) {
        if (!event.referrerUserId) return;
        const name = (await usernamesOf(trx, [event.userId])).get(event.userId) ?? 'A friend';
        await notifyOwn(
          trx,
          [event.referrerUserId],
          {
            kind: 'referral',
            key: `referral:${event.userId}`,
            title: `${name} joined with your code`,
            body: 'They found the portal through you. Say hello in chat.',
            link: '/home',
          },
          event.now,
        );
      },
    };
  },
};

export type { NewNotification } from './entries';
export { announceNotifications, NOTIFICATIONS_TOPIC, onNotificationsChanged } from './live';
export type { NotificationsTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const notify = forOtherCapabilities(notifyOwn);
export const notificationCounts = forOtherCapabilities(notificationCountsOwn);
export const markReadCovered = forOtherCapabilities(markReadCoveredOwn);
