import { userIdsByUsernames } from '../identity/index';
import {
  announceNotifications,
  markReadCovered,
  notificationCounts,
  notify,
  onNotificationsChanged,
} from '../notifications/index';
import type { Member } from './connection';
import type { ChatServices } from './services';

/**
 * Chat's part of the notification centre: the member socket carries every member's new counts
 * (any instance may have written them: notifications/live.ts), and a mention writes an entry.
 */
export function relayNotifications(services: ChatServices): () => void {
  const { ctx, hub } = services;
  return onNotificationsChanged(ctx.bus, (userIds) => {
    for (const userId of hub.localMembers(userIds)) {
      notificationCounts(ctx.db, userId).then(
        (counts) => hub.tellLocal(userId, { t: 'notifications', ...counts }),
        () => {},
      );
    }
  });
}

const EXCERPT_MAX = 140;

const MENTION = 'mention';
const mentionKey = (messageId: number) => `${MENTION}:${messageId}`;
const mentionLink = (channelId: string) => `/chat?sChannelID=${encodeURIComponent(channelId)}`;

/** One entry per mentioned member (not the author) and message; the bus tells their sockets at once. */
export async function notifyMentions(
  services: ChatServices,
  author: Member,
  message: { id: number; channelId: string; body: string; mentions: readonly string[] },
): Promise<void> {
  if (message.mentions.length === 0) return;
  const { ctx, directory } = services;
  const ids = (await userIdsByUsernames(ctx.db, message.mentions)).filter((id) => id !== author.id);
  if (ids.length === 0) return;
  const channel = directory.get(message.channelId);
  const body = message.body.length > EXCERPT_MAX ? `${message.body.slice(0, EXCERPT_MAX - 1)}…` : message.body;
  const notified = await notify(
    ctx.db,
    ids,
    {
      kind: MENTION,
      key: mentionKey(message.id),
      title: `${author.name} mentioned you in #${channel?.name ?? message.channelId}`,
      body,
      link: mentionLink(message.channelId),
    },
    ctx.clock.now(),
  );
  announceNotifications(ctx.bus, notified);
}

/** Reading a channel up to a message reads the member's mentions there up to it (every device hears the new counts). */
export async function readMentions(
  services: ChatServices,
  read: { userId: string; channelId: string; messageId: number; now: number },
): Promise<void> {
  const { ctx } = services;
  const covered = (key: string) => {
    const id = Number(key.slice(MENTION.length + 1));
    return Number.isInteger(id) && id <= read.messageId;
  };
  const marked = await markReadCovered(
    ctx.db,
    read.userId,
    { kind: MENTION, link: mentionLink(read.channelId), covered },
    read.now,
  );
  if (marked > 0) announceNotifications(ctx.bus, [read.userId]);
}
