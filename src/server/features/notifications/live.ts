import type { Bus } from '../../shared/bus';
import { entriesAfter, lastEntryId } from './entries';
import type { NotificationsDb } from './tables';

/**
 * Entries reach members' open sockets through the bus: the topic carries the ids of members whose
 * entries or read state changed, and whoever holds their sockets (chat's hub) sends them their new
 * counts. Senders without a bus (the operator CLI) or inside a transaction need not announce: the
 * sweep finds every committed entry within a second and announces it from one instance.
 */
export const NOTIFICATIONS_TOPIC = 'notifications';

export interface NotificationsChanged {
  /** Members whose entries or read state changed. */
  u: string[];
}

const CHUNK = 1000;

export function announceNotifications(bus: Bus, userIds: readonly string[]): void {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    bus.publish(NOTIFICATIONS_TOPIC, { u: unique.slice(i, i + CHUNK) } satisfies NotificationsChanged);
  }
}

export function onNotificationsChanged(bus: Bus, handler: (userIds: string[]) => void): () => void {
  return bus.subscribe(NOTIFICATIONS_TOPIC, (message) => {
    const ids = (message as Partial<NotificationsChanged>).u;
    if (Array.isArray(ids)) handler(ids.filter((id): id is string => typeof id === 'string'));
  });
}

/** Entries looked at per sweep; more wait for the next one. */
const SWEEP_MAX = 5000;

/**
 * The leader's sweep: announces the members of entries committed since the last one. It starts at
 * the newest entry (older ones were announced, or their members load them on their next visit).
 * On PostgreSQL an id can commit after a higher one was seen; that entry shows at the member's
 * next count refresh instead (the web asks again on focus and every minute).
 */
export function notificationSweep(db: NotificationsDb, bus: Bus): () => Promise<number> {
  let cursor: number | null = null;
  return async () => {
    if (cursor === null) {
      cursor = await lastEntryId(db);
      return 0;
    }
    const rows = await entriesAfter(db, cursor, SWEEP_MAX);
    if (rows.length === 0) return 0;
    cursor = rows[rows.length - 1]?.id ?? cursor;
    announceNotifications(
      bus,
      rows.map((r) => r.userId),
    );
    return rows.length;
  };
}
