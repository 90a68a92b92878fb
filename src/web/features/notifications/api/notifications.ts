import { ok, portal } from '../../../api/client';
import { getAuthState } from '../../../lib/auth';

/** The notification centre's calls (protocol/notifications.ts). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

const token = () => getAuthState().token;

export const listNotifications = async (iBeforeID?: number) =>
  ok(await portal('listNotifications', iBeforeID ? { iBeforeID } : {}, { token: token() }));

export const getNotificationCounts = async () => ok(await portal('getNotificationCounts', {}, { token: token() }));

export const markNotificationRead = async (iNotificationID: number) =>
  ok(await portal('markNotificationsRead', { iNotificationID }, { token: token() }));

export const markAllNotificationsRead = async () =>
  ok(await portal('markNotificationsRead', { bAll: true }, { token: token() }));
