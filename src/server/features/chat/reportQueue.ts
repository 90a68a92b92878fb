import type { AppContext } from '../../capability';
import type { Bus } from '../../shared/bus';
import { inTransaction } from '../../shared/transaction';
import { banMember } from '../identity/index';
import { closeReport, deleteAsOperator, dismissReport, muteMember, reportedAuthor } from './moderation';
import type { ChatDb } from './tables';

/**
 * The operators' moderation queue (issue 27): open reports with the reported message in its
 * context, and their resolution (dismiss, delete the message, mute or ban the author), each
 * closing the report and audited once, in the transaction of its effect.
 */

/** What every instance hears when a member reports a message: consoles refresh their queue. */
export const CHAT_REPORTED_TOPIC = 'chat.reported';

export interface ContextMessage {
  id: number;
  userId: string;
  body: string;
  createdAt: number;
  deleted: boolean;
}

export interface QueuedReport {
  id: number;
  reason: string;
  note: string;
  createdAt: number;
  reporterId: string;
  authorId: string;
  channelId: string;
  messageId: number;
  /** The reported message with up to `around` messages of its channel before and after it, oldest first. */
  context: ContextMessage[];
}

const message = (r: {
  id: number | bigint;
  user_id: string;
  body: string;
  created_at: number;
  deleted_at: number | null;
}) => ({
  id: Number(r.id),
  userId: r.user_id,
  body: r.body,
  createdAt: Number(r.created_at),
  deleted: r.deleted_at !== null,
});

/** Open reports after `afterId` (oldest first; the id is the poll cursor), each with its message's context. */
export async function reportQueue(
  db: ChatDb,
  page: { afterId?: number; limit: number; around?: number },
): Promise<QueuedReport[]> {
  const around = page.around ?? 3;
  const rows = await db
    .selectFrom('chat_report')
    .innerJoin('chat_message', 'chat_message.id', 'chat_report.message_id')
    .select([
      'chat_report.id',
      'chat_report.reason',
      'chat_report.note',
      'chat_report.created_at',
      'chat_report.reporter_user_id',
      'chat_message.id as message_id',
      'chat_message.user_id as author_id',
      'chat_message.channel_id',
    ])
    .where('chat_report.resolved_at', 'is', null)
    .where('chat_report.id', '>', page.afterId ?? 0)
    .orderBy('chat_report.id')
    .limit(page.limit)
    .execute();
  return Promise.all(
    rows.map(async (r) => {
      const columns = ['id', 'user_id', 'body', 'created_at', 'deleted_at'] as const;
      const [before, after] = await Promise.all([
        db
          .selectFrom('chat_message')
          .select(columns)
          .where('channel_id', '=', r.channel_id)
          .where('id', '<', Number(r.message_id))
          .orderBy('id', 'desc')
          .limit(around)
          .execute(),
        db
          .selectFrom('chat_message')
          .select(columns)
          .where('channel_id', '=', r.channel_id)
          .where('id', '>=', Number(r.message_id))
          .orderBy('id')
          .limit(around + 1)
          .execute(),
      ]);
      return {
        id: Number(r.id),
        reason: r.reason,
        note: r.note,
        createdAt: Number(r.created_at),
        reporterId: r.reporter_user_id,
        authorId: r.author_id,
        channelId: r.channel_id,
        messageId: Number(r.message_id),
        context: [...before.reverse(), ...after].map(message),
      };
    }),
  );
}

export type ReportResolution =
  | { as: 'dismiss' }
  | { as: 'delete' }
  /** `until`: when the mute ends (epoch ms), null: until lifted. */
  | { as: 'mute'; until: number | null }
  | { as: 'ban'; until: number | null };

/** The report was not open (resolved before, or no such report): nothing was done. */
class NotOpen extends Error {}

/**
 * Resolves one open report; false when it was not open. Each way closes the report and writes
 * one audit entry (with the author's `userId`, the reason and the `reportId`) with its effect.
 */
export async function resolveReport(
  deps: Pick<AppContext, 'accountBanned'> & { db: ChatDb; bus?: Bus },
  resolve: { reportId: number; resolution: ReportResolution; actor: string; reason: string; now: number },
): Promise<boolean> {
  const { db } = deps;
  const { reportId, resolution, actor, reason, now } = resolve;
  const authorId = await reportedAuthor(db, reportId);
  if (!authorId) return false;
  switch (resolution.as) {
    case 'dismiss':
      return dismissReport(db, { reportId, actor, reason, now });
    case 'delete':
      return inTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('chat_report')
          .select(['message_id'])
          .where('id', '=', reportId)
          .where('resolved_at', 'is', null)
          .executeTakeFirst();
        if (!row) return false;
        const deleted = await deleteAsOperator(trx, {
          messageId: Number(row.message_id),
          actor,
          reason,
          now,
          reportId,
        });
        // Deleted before (by its author): the report still closes, and is audited as a dismissal.
        return deleted ? true : dismissReport(trx, { reportId, actor, reason, now });
      });
    case 'mute':
      try {
        await inTransaction(db, async (trx) => {
          if (!(await isOpen(trx, reportId))) throw new NotOpen();
          await muteMember(trx, { userId: authorId, until: resolution.until, reason, actor, now, reportId });
        });
        return true;
      } catch (error) {
        if (error instanceof NotOpen) return false;
        throw error;
      }
    case 'ban':
      try {
        return await banMember(deps, authorId, {
          actor,
          reason,
          until: resolution.until,
          now,
          within: {
            reportId,
            async run(trx) {
              if (!(await closeReport(trx as ChatDb, reportId, { by: actor, as: 'banned', now }))) throw new NotOpen();
            },
          },
        });
      } catch (error) {
        if (error instanceof NotOpen) return false;
        throw error;
      }
  }
}

async function isOpen(db: ChatDb, reportId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_report')
    .select('id')
    .where('id', '=', reportId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's messages, newest first, paged by id (`beforeId`). */
export async function memberMessages(db: ChatDb, userId: string, page: { beforeId?: number; limit: number }) {
  let query = db
    .selectFrom('chat_message')
    .select(['id', 'channel_id', 'body', 'created_at', 'edited_at', 'deleted_at', 'deleted_by'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    channelId: r.channel_id,
    body: r.body,
    createdAt: Number(r.created_at),
    edited: r.edited_at !== null,
    deletedBy: r.deleted_by,
  }));
}

/** Reports about a member's messages and by the member, newest first, paged; and their mute (any, even lifted). */
export async function memberModeration(db: ChatDb, userId: string, page: { offset: number; limit: number }) {
  const [reports, mute] = await Promise.all([
    db
      .selectFrom('chat_report')
      .innerJoin('chat_message', 'chat_message.id', 'chat_report.message_id')
      .select([
        'chat_report.id',
        'chat_report.message_id',
        'chat_message.user_id as author_id',
        'chat_report.reporter_user_id',
        'chat_report.reason',
        'chat_report.created_at',
        'chat_report.resolution',
      ])
      .where((eb) => eb.or([eb('chat_message.user_id', '=', userId), eb('chat_report.reporter_user_id', '=', userId)]))
      .orderBy('chat_report.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('chat_mute')
      .select(['until', 'reason', 'muted_by', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    reports: reports.map((r) => ({
      id: Number(r.id),
      messageId: Number(r.message_id),
      about: r.author_id === userId,
      reporterId: r.reporter_user_id,
      reason: r.reason,
      createdAt: Number(r.created_at),
      resolution: r.resolution,
    })),
    mute: mute
      ? {
          until: mute.until === null ? null : Number(mute.until),
          reason: mute.reason,
          by: mute.muted_by,
          at: Number(mute.updated_at),
        }
      : null,
  };
}

/** How many reports wait for a moderator (the console's overview, issue 38). */
export async function openReportCount(db: ChatDb): Promise<number> {
  const row = await db
    .selectFrom('chat_report')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
