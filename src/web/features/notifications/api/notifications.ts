import type { NotificationCountsAnswer, NotificationsPage } from '../../../../protocol/notifications';
import { ok, portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The notification centre's calls (protocol/notifications.ts). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

const token = () => getAuthState().token;

export const listNotifications = async (iBeforeID?: number) =>
  ok(await portal<NotificationsPage>('listNotifications', iBeforeID ? { iBeforeID } : {}, { token: token() }));

export const getNotificationCounts = async () =>
  ok(await portal<NotificationCountsAnswer>('getNotificationCounts', {}, { token: token() }));

export const markNotificationRead = async (iNotificationID: number) =>
  ok(await portal<NotificationCountsAnswer>('markNotificationsRead', { iNotificationID }, { token: token() }));

export const markAllNotificationsRead = async () =>
  ok(await portal<NotificationCountsAnswer>('markNotificationsRead', { bAll: true }, { token: token() }));
