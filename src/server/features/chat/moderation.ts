import type { ChatMute, ReportReason } from '../../../protocol/chat';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { findUserIdByHandle, usernamesOf } from '../identity/index';
import type { ChannelAudit } from './channels';
import { type MessageRow, markDeleted } from './messages';
import type { ChatDb } from './tables';

/**
 * Moderation (docs/product.md §14): mutes, the report queue, operator deletes and the chat
 * operators themselves. Every change is audited in the transaction that makes it.
 */

export async function activeMute(db: ChatDb, userId: string, now: number): Promise<ChatMute | null> {
  const row = await db
    .selectFrom('chat_mute')
    .select(['until', 'reason'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const until = row.until === null ? null : Number(row.until);
  return until === null || until > now ? { iUntil: until, sReason: row.reason } : null;
}

export async function muteMember(
  db: ChatDb,
  mute: { userId: string; until: number | null; reason: string; actor: string; now: number; reportId?: number },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (mute.reportId !== undefined)
      await closeReport(trx, mute.reportId, { by: mute.actor, as: 'muted', now: mute.now });
    const values = { until: mute.until, reason: mute.reason, muted_by: mute.actor, updated_at: mute.now };
    await trx
      .insertInto('chat_mute')
      .values({ user_id: mute.userId, created_at: mute.now, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    await writeAudit(trx, {
      actor: mute.actor,
      action: 'chat.mute',
      detail: {
        userId: mute.userId,
        until: mute.until,
        reason: mute.reason,
        ...(mute.reportId === undefined ? {} : { reportId: mute.reportId }),
      },
      at: mute.now,
      memberId: mute.userId,
    });
  });
}

/** Lifts a member's mute; false when they were not muted. */
export async function unmuteMember(db: ChatDb, lift: { userId: string; actor: string; now: number }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await activeMute(trx, lift.userId, lift.now))) return false;
    await trx
      .updateTable('chat_mute')
      .set({ until: lift.now, muted_by: lift.actor, updated_at: lift.now })
      .where('user_id', '=', lift.userId)
      .execute();
    await writeAudit(trx, {
      actor: lift.actor,
      action: 'chat.unmute',
      detail: { userId: lift.userId },
      at: lift.now,
      memberId: lift.userId,
    });
    return true;
  });
}

/** Mutes set or lifted at or after `since`: each instance tells its own sockets (sync.ts). */
export async function mutesChangedSince(db: ChatDb, since: number) {
  const rows = await db
    .selectFrom('chat_mute')
    .select(['user_id', 'until', 'reason', 'updated_at'])
    .where('updated_at', '>=', since)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    until: r.until === null ? null : Number(r.until),
    reason: r.reason,
    updatedAt: Number(r.updated_at),
  }));
}

export async function listMutes(db: ChatDb, now: number) {
  return db
    .selectFrom('chat_mute')
    .select(['user_id', 'until', 'reason', 'muted_by', 'updated_at'])
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .orderBy('updated_at', 'desc')
    .execute();
}

export type ReportOutcome = 'queued' | 'already';

/** Queues a member's report of a message for the operators (once per member and message). */
export async function reportMessage(
  db: ChatDb,
  report: { messageId: number; reporterId: string; reason: ReportReason; note: string; now: number },
): Promise<ReportOutcome> {
  return inTransaction(db, async (trx) => {
    const queued = await trx
      .insertInto('chat_report')
      .values({
        message_id: report.messageId,
        reporter_user_id: report.reporterId,
        reason: report.reason,
        note: report.note,
        created_at: report.now,
        resolved_at: null,
        resolved_by: null,
        resolution: null,
      })
      .onConflict((oc) => oc.columns(['message_id', 'reporter_user_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!queued) return 'already';
    await writeAudit(trx, {
      actor: `member:${report.reporterId}`,
      action: 'chat.report',
      detail: { reportId: Number(queued.id), messageId: report.messageId, reason: report.reason },
      at: report.now,
    });
    return 'queued';
  });
}

export interface ReportListing {
  id: number;
  messageId: number;
  channelId: string;
  authorId: string;
  body: string;
  deleted: boolean;
  reporterId: string;
  reason: string;
  note: string;
  createdAt: number;
  resolution: string | null;
}

export async function listReports(
  db: ChatDb,
  options: { all?: boolean; limit?: number } = {},
): Promise<ReportListing[]> {
  let query = db
    .selectFrom('chat_report')
    .innerJoin('chat_message', 'chat_message.id', 'chat_report.message_id')
    .select([
      'chat_report.id',
      'chat_report.message_id',
      'chat_message.channel_id',
      'chat_message.user_id as author_id',
      'chat_message.body',
      'chat_message.deleted_at',
      'chat_report.reporter_user_id',
      'chat_report.reason',
      'chat_report.note',
      'chat_report.created_at',
      'chat_report.resolution',
    ]);
  if (!options.all) query = query.where('chat_report.resolved_at', 'is', null);
  const rows = await query
    .orderBy('chat_report.id')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    messageId: Number(r.message_id),
    channelId: r.channel_id,
    authorId: r.author_id,
    body: r.body,
    deleted: r.deleted_at !== null,
    reporterId: r.reporter_user_id,
    reason: r.reason,
    note: r.note,
    createdAt: Number(r.created_at),
    resolution: r.resolution,
  }));
}

export interface ResolvedReport {
  id: number;
  channelId: string;
  authorId: string;
  body: string;
  reporterId: string;
  reason: string;
  note: string;
  createdAt: number;
  resolution: string;
  resolvedBy: string;
  resolvedAt: number;
}

/** Resolved reports, the latest resolution first, a page at a time (issue 38: the queue's history). */
export async function resolvedReports(
  db: ChatDb,
  page: { page: number; size: number },
): Promise<{ rows: ResolvedReport[]; more: boolean }> {
  const rows = await db
    .selectFrom('chat_report')
    .innerJoin('chat_message', 'chat_message.id', 'chat_report.message_id')
    .select([
      'chat_report.id',
      'chat_message.channel_id',
      'chat_message.user_id as author_id',
      'chat_message.body',
      'chat_report.reporter_user_id',
      'chat_report.reason',
      'chat_report.note',
      'chat_report.created_at',
      'chat_report.resolution',
      'chat_report.resolved_by',
      'chat_report.resolved_at',
    ])
    .where('chat_report.resolved_at', 'is not', null)
    .orderBy('chat_report.resolved_at', 'desc')
    .orderBy('chat_report.id', 'desc')
    .limit(page.size + 1)
    .offset(page.page * page.size)
    .execute();
  return {
    more: rows.length > page.size,
    rows: rows.slice(0, page.size).map((r) => ({
      id: Number(r.id),
      channelId: r.channel_id,
      authorId: r.author_id,
      body: r.body,
      reporterId: r.reporter_user_id,
      reason: r.reason,
      note: r.note,
      createdAt: Number(r.created_at),
      resolution: r.resolution ?? '',
      resolvedBy: r.resolved_by ?? '',
      resolvedAt: Number(r.resolved_at),
    })),
  };
}

/** Closes a report without acting on the message; false when there is no such open report. */
export async function dismissReport(
  db: ChatDb,
  dismissal: { reportId: number; actor: string; now: number; reason?: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const authorId = await reportedAuthor(trx, dismissal.reportId);
    if (!(await closeReport(trx, dismissal.reportId, { by: dismissal.actor, as: 'dismissed', now: dismissal.now })))
      return false;
    await writeAudit(trx, {
      actor: dismissal.actor,
      action: 'chat.report.dismiss',
      detail: { reportId: dismissal.reportId, userId: authorId, reason: dismissal.reason ?? '' },
      at: dismissal.now,
    });
    return true;
  });
}

/** Closes one open report; false when it is not open (or does not exist). */
export async function closeReport(
  db: ChatDb,
  reportId: number,
  close: { by: string; as: 'dismissed' | 'deleted' | 'muted' | 'banned'; now: number },
): Promise<boolean> {
  const closed = await db
    .updateTable('chat_report')
    .set({ resolved_at: close.now, resolved_by: close.by, resolution: close.as })
    .where('id', '=', reportId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) > 0;
}

/** The author of the message a report is about, or null for no such report. */
export async function reportedAuthor(db: ChatDb, reportId: number): Promise<string | null> {
  const row = await db
    .selectFrom('chat_report')
    .innerJoin('chat_message', 'chat_message.id', 'chat_report.message_id')
    .select('chat_message.user_id')
    .where('chat_report.id', '=', reportId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * An operator removes a message (from the CLI or the web's message menu): marked deleted,
 * its open reports closed as 'deleted', audited. Undefined when it was already gone.
 */
export async function deleteAsOperator(
  db: ChatDb,
  removal: { messageId: number; actor: string; reason: string; now: number; reportId?: number },
): Promise<MessageRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await markDeleted(trx, { id: removal.messageId, by: removal.actor, now: removal.now });
    if (!row) return undefined;
    await trx
      .updateTable('chat_report')
      .set({ resolved_at: removal.now, resolved_by: removal.actor, resolution: 'deleted' })
      .where('message_id', '=', removal.messageId)
      .where('resolved_at', 'is', null)
      .execute();
    await writeAudit(trx, {
      actor: removal.actor,
      action: 'chat.delete',
      detail: {
        messageId: removal.messageId,
        channelId: row.channel_id,
        authorId: row.user_id,
        userId: row.user_id,
        reason: removal.reason,
        ...(removal.reportId === undefined ? {} : { reportId: removal.reportId }),
      },
      at: removal.now,
    });
    return row;
  });
}

export async function isChatOperator(db: ChatDb, userId: string): Promise<boolean> {
  const row = await db.selectFrom('chat_operator').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function setChatOperator(
  db: ChatDb,
  change: { userId: string; operator: boolean; actor: string; now: number; reason?: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const changed = change.operator
      ? await trx
          .insertInto('chat_operator')
          .values({ user_id: change.userId, granted_by: change.actor, granted_at: change.now })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst()
          .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0) > 0)
      : await trx
          .deleteFrom('chat_operator')
          .where('user_id', '=', change.userId)
          .executeTakeFirst()
          .then((r) => Number(r.numDeletedRows) > 0);
    if (!changed) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: change.operator ? 'chat.operator.add' : 'chat.operator.remove',
      detail: change.reason ? { userId: change.userId, reason: change.reason } : { userId: change.userId },
      at: change.now,
    });
    return true;
  });
}

export type ChatOperatorChange =
  | { ok: true; userId: string; label: string; changed: boolean; sentence: string }
  | { ok: false; problem: string };

/**
 * Makes a member (named by username, email or id) a chat operator or no longer one: the CLI's
 * `chat operator add|remove USER` and the console's chatOperatorAdd/Remove. Unchanged (already
 * one, or not one) is not an error: the sentence says so and nothing is audited.
 */
export async function changeChatOperator(
  db: ChatDb,
  change: { handle: string; operator: boolean },
  audit: ChannelAudit,
): Promise<ChatOperatorChange> {
  const handle = change.handle.trim();
  const userId = handle ? await findUserIdByHandle(db, handle) : null;
  if (!userId) return { ok: false, problem: `There is no member ${handle}.` };
  const label = (await usernamesOf(db, [userId])).get(userId) ?? userId;
  const changed = await setChatOperator(db, { userId, operator: change.operator, ...audit });
  const sentence = changed
    ? `${label} ${change.operator ? 'is now' : 'is no longer'} a chat operator.`
    : `${label} ${change.operator ? 'already is' : 'is not'} a chat operator.`;
  return { ok: true, userId, label, changed, sentence };
}

export function listChatOperators(db: ChatDb) {
  return db.selectFrom('chat_operator').selectAll().orderBy('granted_at').execute();
}
