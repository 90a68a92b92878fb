import { sql } from 'kysely';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATIONS_PAGE,
  NOTIFICATIONS_UNREAD_CAP,
  type NotificationCounts,
  type NotificationEntry,
  type NotificationKind,
  type NotificationsPage,
  safeLink,
} from '../../../protocol/notifications';
import { chunks, IDS_PER_STATEMENT, idRows } from '../../shared/batches';
import { memberIdsAfter } from '../identity/index';
import type { NotificationsDb } from './tables';

/** What a sender says; `key` names the event: a member gets one entry per key, ever. */
export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  key: string;
}

/** Ids per `in (…)` list. */
const ID_PAGE = 200;

/** Members per insert of a delivery to everyone. */
const ALL_BATCH = 500;

/**
 * Writes the entry for each member (or every member), exactly once per (member, key): a retry,
 * a second worker or a restart mid-delivery adds nothing twice (the unique index decides).
 * Answers the members who got it now. Joins the caller's transaction when given one; the entries
 * reach open sockets after they commit (live.ts).
 */
export async function notify(
  db: NotificationsDb,
  to: readonly string[] | 'all',
  entry: NewNotification,
  now: number,
): Promise<string[]> {
  if (to !== 'all') return insertFor(db, [...new Set(to)], entry, now);
  const delivered: string[] = [];
  let after = '';
  for (;;) {
    const ids = await memberIdsAfter(db, after, ALL_BATCH);
    if (ids.length === 0) return delivered;
    delivered.push(...(await insertFor(db, ids, entry, now)));
    after = ids[ids.length - 1] as string;
  }
}

/**
 * One statement per IDS_PER_STATEMENT members, whatever their number: the ids travel as one
 * parameter (idRows), the entry's fields as the others.
 */
async function insertFor(db: NotificationsDb, userIds: string[], entry: NewNotification, now: number) {
  const delivered: string[] = [];
  for (const ids of chunks(userIds, IDS_PER_STATEMENT)) {
    const rows = await db
      .insertInto('notification')
      .columns(['user_id', 'kind', 'key', 'title', 'body', 'link', 'created_at'])
      .expression(
        // `where true`: SQLite's parser needs it between an INSERT's SELECT and its ON CONFLICT.
        sql`select ids.value, ${entry.kind}, ${entry.key.slice(0, 200)}, ${entry.title.slice(0, NOTIFICATION_TITLE_MAX)},
          ${entry.body.slice(0, NOTIFICATION_BODY_MAX)}, ${safeLink(entry.link)}, cast(${now} as bigint)
          from (${idRows(db, ids)}) as ids where true`,
      )
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('user_id')
      .execute();
    for (const row of rows) delivered.push(row.user_id);
  }
  return delivered;
}

export async function notificationCounts(db: NotificationsDb, userId: string): Promise<NotificationCounts> {
  const unread = db
    .selectFrom('notification')
    .select('kind')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .limit(NOTIFICATIONS_UNREAD_CAP);
  const rows = await unread.execute();
  return { iUnread: rows.length, iMentions: rows.filter((r) => r.kind === 'mention').length };
}

/** A page of the member's entries, newest first. */
export async function listNotifications(
  db: NotificationsDb,
  userId: string,
  beforeId: number | undefined,
): Promise<NotificationsPage> {
  let query = db
    .selectFrom('notification')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', userId);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const [rows, counts] = await Promise.all([
    query
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_PAGE + 1)
      .execute(),
    notificationCounts(db, userId),
  ]);
  const page = rows.slice(0, NOTIFICATIONS_PAGE);
  const more = rows.length > NOTIFICATIONS_PAGE;
  return {
    iErrorCode: 0,
    ...counts,
    aNotifications: page.map(
      (r): NotificationEntry => ({
        iNotificationID: Number(r.id),
        sKind: r.kind as NotificationKind,
        sTitle: r.title,
        sBody: r.body,
        sLink: r.link,
        iCreatedAt: Number(r.created_at),
        iReadAt: r.read_at === null ? 0 : Number(r.read_at),
      }),
    ),
    iNextBeforeID: more ? Number(page[page.length - 1]?.id) : 0,
  };
}

/**
 * Marks one of the member's entries read (false: no such entry of theirs) or all of them. Only
 * the member's own rows are touched: another member's id is simply not found.
 */
export async function markNotificationsRead(
  db: NotificationsDb,
  userId: string,
  which: { id: number } | 'all',
  now: number,
): Promise<boolean> {
  let update = db
    .updateTable('notification')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') {
    update = update.where('id', '=', which.id);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    const exists = await db
      .selectFrom('notification')
      .select('id')
      .where('id', '=', which.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return exists !== undefined;
  }
  await update.execute();
  return true;
}

/** Entries written after `afterId` (the live side's cursor), oldest first. */
export async function entriesAfter(
  db: NotificationsDb,
  afterId: number,
  limit: number,
): Promise<{ id: number; userId: string }[]> {
  const rows = await db
    .selectFrom('notification')
    .select(['id', 'user_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), userId: r.user_id }));
}

export async function lastEntryId(db: NotificationsDb): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Marks read the member's unread entries of one kind and link whose key `covered` accepts (chat:
 * the mentions of a channel up to the message the member has read). Answers how many it marked.
 */
export async function markReadCovered(
  db: NotificationsDb,
  userId: string,
  where: { kind: string; link: string; covered(key: string): boolean },
  now: number,
): Promise<number> {
  const unread = await db
    .selectFrom('notification')
    .select(['id', 'key'])
    .where('user_id', '=', userId)
    .where('kind', '=', where.kind)
    .where('link', '=', where.link)
    .where('read_at', 'is', null)
    .execute();
  const ids = unread.filter((row) => where.covered(row.key)).map((row) => row.id);
  if (ids.length === 0) return 0;
  for (const page of chunks(ids, ID_PAGE)) {
    await db.updateTable('notification').set({ read_at: now }).where('id', 'in', page).execute();
  }
  return ids.length;
}
