import type { Selectable } from 'kysely';
import type { ChatDb, ChatMessageTable } from './tables';

/** A stored message as read back (ids and timestamps are numbers on both dialects). */
export type MessageRow = Selectable<ChatMessageTable>;

export interface NewMessage {
  channelId: string;
  userId: string;
  body: string;
  itemId: number | null;
  mentions: string[];
  nonce: string;
  now: number;
}

/**
 * Stores a message once per (member, nonce): a client that resends after a lost answer gets the
 * first one back with `created: false`, and nothing is shown twice.
 */
export async function insertMessage(db: ChatDb, message: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const inserted = await db
    .insertInto('chat_message')
    .values({
      channel_id: message.channelId,
      user_id: message.userId,
      body: message.body,
      item_id: message.itemId,
      mentions: JSON.stringify(message.mentions),
      nonce: message.nonce,
      created_at: message.now,
      edited_at: null,
      deleted_at: null,
      deleted_by: null,
      changed_at: message.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'nonce']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: normalize(inserted), created: true };
  const existing = await db
    .selectFrom('chat_message')
    .selectAll()
    .where('user_id', '=', message.userId)
    .where('nonce', '=', message.nonce)
    .executeTakeFirstOrThrow();
  return { row: normalize(existing), created: false };
}

export async function findMessage(db: ChatDb, id: number): Promise<MessageRow | undefined> {
  const row = await db.selectFrom('chat_message').selectAll().where('id', '=', id).executeTakeFirst();
  return row && normalize(row);
}

export async function editMessage(
  db: ChatDb,
  edit: { id: number; body: string; mentions: string[]; now: number },
): Promise<MessageRow | undefined> {
  const row = await db
    .updateTable('chat_message')
    .set({ body: edit.body, mentions: JSON.stringify(edit.mentions), edited_at: edit.now, changed_at: edit.now })
    .where('id', '=', edit.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && normalize(row);
}

/** Marks a message deleted (its text stays for the report queue); undefined when it already was. */
export async function markDeleted(
  db: ChatDb,
  removal: { id: number; by: string; now: number },
): Promise<MessageRow | undefined> {
  const row = await db
    .updateTable('chat_message')
    .set({ deleted_at: removal.now, deleted_by: removal.by, changed_at: removal.now })
    .where('id', '=', removal.id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return row && normalize(row);
}

const visible = (db: ChatDb, channelId: string) =>
  db.selectFrom('chat_message').selectAll().where('channel_id', '=', channelId).where('deleted_at', 'is', null);

/**
 * One page of a channel's history, oldest first: before an id, after an id, or the newest page.
 * `more` says whether the channel holds more in the direction paged.
 */
export async function historyPage(
  db: ChatDb,
  page: { channelId: string; beforeId?: number; afterId?: number; limit: number },
): Promise<{ rows: MessageRow[]; more: boolean }> {
  const forward = page.afterId !== undefined;
  let query = visible(db, page.channelId);
  if (forward) query = query.where('id', '>', page.afterId as number);
  else if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  const rows = await query
    .orderBy('id', forward ? 'asc' : 'desc')
    .limit(page.limit + 1)
    .execute();
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit).map(normalize);
  return { rows: forward ? kept : kept.reverse(), more };
}

/** Messages at or before `upToId` edited or deleted at or after `since` (what a resuming client holds stale). */
export async function changedSince(
  db: ChatDb,
  change: { channelId: string; upToId: number; since: number; limit: number },
): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('chat_message')
    .selectAll()
    .where('channel_id', '=', change.channelId)
    .where('changed_at', '>=', change.since)
    .where('id', '<=', change.upToId)
    .where((eb) => eb.or([eb('edited_at', 'is not', null), eb('deleted_at', 'is not', null)]))
    .orderBy('changed_at')
    .limit(change.limit)
    .execute();
  return rows.map(normalize);
}

/** Ids of the channel's messages deleted at or after `since`. */
export async function deletedSince(db: ChatDb, channelId: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('chat_message')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('changed_at', '>=', since)
    .where('deleted_at', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The member's message stored under this request id, or undefined. */
export async function messageByNonce(db: ChatDb, userId: string, nonce: string): Promise<MessageRow | undefined> {
  const row = await db
    .selectFrom('chat_message')
    .selectAll()
    .where('user_id', '=', userId)
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  return row && normalize(row);
}

/**
 * Whether a stored message is the one a request asks for again (a resend after a lost answer),
 * rather than its request id reused for another message. An edited message is compared without
 * its text, which the edit changed.
 */
export function isResendOf(row: MessageRow, request: { channelId: string; body: string; itemId: number | null }) {
  return (
    row.channel_id === request.channelId &&
    (row.item_id === null ? null : Number(row.item_id)) === request.itemId &&
    (row.edited_at !== null || row.body === request.body)
  );
}

/** When the member last wrote in the channel (slow mode), or null. */
export async function lastSentAt(db: ChatDb, userId: string, channelId: string): Promise<number | null> {
  const row = await db
    .selectFrom('chat_message')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('channel_id', '=', channelId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

export function parseMentions(stored: string): string[] {
  try {
    const value = JSON.parse(stored) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** PostgreSQL hands bigint columns over as numbers here (db/index.ts); SQLite too. Coerced anyway for ids. */
function normalize(row: MessageRow): MessageRow {
  return {
    ...row,
    id: Number(row.id),
    item_id: row.item_id === null ? null : Number(row.item_id),
    created_at: Number(row.created_at),
    edited_at: row.edited_at === null ? null : Number(row.edited_at),
    deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    changed_at: Number(row.changed_at),
  };
}
