import type { ChatUnread } from '../../../protocol/chat';
import { UNREAD_CAP } from '../../../protocol/chat';
import { parseMentions } from './messages';
import type { ChatDb } from './tables';

/**
 * Unread counts kept on the server (docs/product.md §14): a read marker per member and channel,
 * so every device of a member agrees. A member's own messages never count.
 */

/**
 * The member's read markers for these channels. A channel they never opened gets a marker at its
 * newest message: a new member starts with nothing unread rather than the whole history.
 */
export async function readMarkers(
  db: ChatDb,
  userId: string,
  lastIds: ReadonlyMap<string, number>,
  now: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chat_read')
    .select(['channel_id', 'last_read_id'])
    .where('user_id', '=', userId)
    .execute();
  const markers = new Map(rows.map((r) => [r.channel_id, Number(r.last_read_id)]));
  const fresh = [...lastIds].filter(([channel]) => !markers.has(channel));
  if (fresh.length > 0) {
    await db
      .insertInto('chat_read')
      .values(
        fresh.map(([channel, lastId]) => ({
          user_id: userId,
          channel_id: channel,
          last_read_id: lastId,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'channel_id']).doNothing())
      .execute();
    for (const [channel, lastId] of fresh) markers.set(channel, lastId);
  }
  return markers;
}

/** Moves the marker forward to `messageId` (never back). */
export async function markRead(
  db: ChatDb,
  read: { userId: string; channelId: string; messageId: number; now: number },
): Promise<void> {
  await db
    .insertInto('chat_read')
    .values({ user_id: read.userId, channel_id: read.channelId, last_read_id: read.messageId, updated_at: read.now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'channel_id'])
        .doUpdateSet({ last_read_id: read.messageId, updated_at: read.now })
        .where('chat_read.last_read_id', '<', read.messageId),
    )
    .execute();
}

export async function unreadOf(
  db: ChatDb,
  member: { userId: string; userName: string },
  channelId: string,
  lastReadId: number,
): Promise<ChatUnread> {
  const rows = await db
    .selectFrom('chat_message')
    .select(['id', 'mentions'])
    .where('channel_id', '=', channelId)
    .where('id', '>', lastReadId)
    .where('user_id', '!=', member.userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(UNREAD_CAP)
    .execute();
  const me = member.userName.toLowerCase();
  return {
    sChannelID: channelId,
    iUnread: rows.length,
    iFirstUnreadID: rows.length > 0 ? Number(rows[0]?.id) : 0,
    bMentioned: rows.some((r) => parseMentions(r.mentions).some((name) => name.toLowerCase() === me)),
  };
}

export async function readMarker(db: ChatDb, userId: string, channelId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_read')
    .select('last_read_id')
    .where('user_id', '=', userId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row ? Number(row.last_read_id) : 0;
}
