import type { Generated } from 'kysely';
import type { CapabilityDb } from '../../db/schema';

/**
 * Tables of the notification centre: one row per entry and member. `key` names the event (a
 * message's mention, a raffle's result, an announcement): unique per member, so an entry is
 * written once however often its sender retries.
 */
export interface NotificationTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  key: string;
  title: string;
  body: string;
  link: string;
  created_at: number;
  read_at: number | null;
}

export interface NotificationsTables {
  notification: NotificationTable;
}

/** The notifications capability's handle: its tables and the platform's. */
export type NotificationsDb = CapabilityDb<NotificationsTables>;
