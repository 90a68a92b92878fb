import { sql } from 'kysely';
import { markdownToPlainText } from '../../../protocol/announcements';
import type { Mailer } from '../../mail/index';
import { renderActionMail } from '../../mail/layout';
import { idRows } from '../../shared/batches';
import { subscribedEmails } from '../identity/index';
import { notify } from '../notifications/index';
import { parseSegment } from './compose';
import { countSegment, segmentPage } from './segment';
import type { AnnouncementsDb } from './tables';

/**
 * The announcements job (issue 29): starts what is due, then delivers in pages by member id. Each
 * page is one transaction: the deliveries (unique per announcement and member, so a repeat adds
 * nothing), the notification entries (unique per member and key), and the cursor moved past the
 * page only if it still stands where this page began. A crash before the commit leaves the cursor
 * and the rows as they were (the page is done again); after it, the next page follows. So a
 * restart neither skips nor repeats a member, and two runners cannot both deliver one page.
 *
 * Mail goes after the page commits, each marked sent before it leaves (at most once per member:
 * a crash between the mark and the send loses that mail rather than repeating it).
 */
export interface DeliveryContext {
  db: AnnouncementsDb;
  now(): number;
  mailer: Mailer;
  publicUrl: string;
  /** Members looked at per page. */
  pageSize?: number;
  /** Pages per announcement per tick, so one large send does not hold the tick for long. */
  pagesPerTick?: number;
}

export interface DeliveryReport {
  started: number[];
  delivered: number;
  emailed: number;
  finished: number[];
}

const PAGE = 200;
const PAGES_PER_TICK = 25;
const MAIL_BATCH = 100;

export async function announcementTick(ctx: DeliveryContext): Promise<DeliveryReport> {
  const report: DeliveryReport = { started: [], delivered: 0, emailed: 0, finished: [] };
  await startDue(ctx, report);
  const sending = await ctx.db
    .selectFrom('announcement')
    .select('id')
    .where('status', '=', 'sending')
    .orderBy('id')
    .execute();
  for (const { id } of sending) {
    for (let page = 0; page < (ctx.pagesPerTick ?? PAGES_PER_TICK); page++) {
      const outcome = await deliverPage(ctx, Number(id));
      report.delivered += outcome.delivered;
      if (outcome.finished) report.finished.push(Number(id));
      if (outcome.finished || outcome.stopped) break;
    }
  }
  report.emailed += await sendDueMail(ctx);
  return report;
}

/** Scheduled announcements whose time came: sending, with the count they start from. */
async function startDue(ctx: DeliveryContext, report: DeliveryReport): Promise<void> {
  const due = await ctx.db
    .selectFrom('announcement')
    .select(['id', 'segment'])
    .where('status', '=', 'scheduled')
    .where('send_at', '<=', ctx.now())
    .orderBy('id')
    .execute();
  for (const row of due) {
    const total = await countMatching(ctx.db, row.segment);
    const started = await ctx.db
      .updateTable('announcement')
      .set({ status: 'sending', started_at: ctx.now(), total })
      .where('id', '=', row.id)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 1) report.started.push(Number(row.id));
  }
}

function countMatching(db: AnnouncementsDb, segmentJson: string): Promise<number> {
  return countSegment(db, parseSegment(segmentJson));
}

/**
 * One page of one announcement, in one transaction. `stopped`: it is no longer sending (cancelled,
 * finished by another runner) or another runner moved its cursor first.
 */
export async function deliverPage(
  ctx: Pick<DeliveryContext, 'db' | 'now' | 'pageSize'>,
  id: number,
): Promise<{ delivered: number; finished: boolean; stopped: boolean }> {
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('announcement')
        .select(['title', 'body', 'segment', 'email', 'status', 'cursor'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row?.status !== 'sending') return { delivered: 0, finished: false, stopped: true };
      const now = ctx.now();
      const { matched, last } = await segmentPage(trx, parseSegment(row.segment), row.cursor, ctx.pageSize ?? PAGE);
      if (last === null) {
        const done = await trx
          .updateTable('announcement')
          .set({ status: 'sent', finished_at: now })
          .where('id', '=', id)
          .where('status', '=', 'sending')
          .where('cursor', '=', row.cursor)
          .executeTakeFirst();
        return { delivered: 0, finished: Number(done.numUpdatedRows) === 1, stopped: true };
      }
      let fresh: string[] = [];
      if (matched.length > 0) {
        const mailable = row.email === 1 ? await subscribedEmails(trx, matched) : new Map<string, string>();
        const inserted = [
          ...(await insertDeliveries(
            trx,
            id,
            matched.filter((userId) => mailable.has(userId)),
            'due',
            now,
          )),
          ...(await insertDeliveries(
            trx,
            id,
            matched.filter((userId) => !mailable.has(userId)),
            'none',
            now,
          )),
        ];
        fresh = inserted.map((r) => r.user_id);
        await notify(
          trx,
          fresh,
          {
            kind: 'announcement',
            key: `announcement:${id}`,
            title: row.title,
            body: markdownToPlainText(row.body),
            link: '',
          },
          now,
        );
      }
      const moved = await trx
        .updateTable('announcement')
        .set((eb) => ({ cursor: last, delivered: eb('delivered', '+', fresh.length) }))
        .where('id', '=', id)
        .where('status', '=', 'sending')
        .where('cursor', '=', row.cursor)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) {
        // Another runner moved it (or a cancel landed): this page's rows go with the rollback.
        throw new PageLost();
      }
      return { delivered: fresh.length, finished: false, stopped: false };
    })
    .catch((error: unknown) => {
      if (error instanceof PageLost) return { delivered: 0, finished: false, stopped: true };
      throw error;
    });
}

class PageLost extends Error {}

/**
 * A page's deliveries, insert-or-nothing; the ids travel as one parameter (idRows), so the statement
 * does not grow with the page. Answers the members delivered now.
 */
async function insertDeliveries(
  trx: AnnouncementsDb,
  id: number,
  userIds: string[],
  email: 'due' | 'none',
  now: number,
): Promise<{ user_id: string }[]> {
  if (userIds.length === 0) return [];
  return trx
    .insertInto('announcement_delivery')
    .columns(['announcement_id', 'user_id', 'delivered_at', 'email'])
    .expression(
      // `where true`: SQLite's parser needs it between an INSERT's SELECT and its ON CONFLICT.
      sql`select cast(${id} as bigint), ids.value, cast(${now} as bigint), ${email} from (${idRows(trx, userIds)}) as ids where true`,
    )
    .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
}

/** Mails due of announcements still going (sending or sent, not cancelled), each at most once. */
export async function sendDueMail(ctx: DeliveryContext): Promise<number> {
  const due = await ctx.db
    .selectFrom('announcement_delivery')
    .innerJoin('announcement', 'announcement.id', 'announcement_delivery.announcement_id')
    .select(['announcement_delivery.announcement_id', 'announcement_delivery.user_id'])
    .where('announcement_delivery.email', '=', 'due')
    .where('announcement.status', 'in', ['sending', 'sent'])
    .limit(MAIL_BATCH)
    .execute();
  let sent = 0;
  const texts = new Map<number, { title: string; body: string }>();
  for (const { announcement_id: id, user_id: userId } of due) {
    const announcementId = Number(id);
    // Marked before it leaves: whatever happens next, this member is never mailed it again.
    const claimed = await ctx.db
      .updateTable('announcement_delivery')
      .set({ email: 'sent', emailed_at: ctx.now() })
      .where('announcement_id', '=', announcementId)
      .where('user_id', '=', userId)
      .where('email', '=', 'due')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    let text = texts.get(announcementId);
    if (!text) {
      const row = await ctx.db
        .selectFrom('announcement')
        .select(['title', 'body'])
        .where('id', '=', announcementId)
        .executeTakeFirstOrThrow();
      text = { title: row.title, body: row.body };
      texts.set(announcementId, text);
    }
    const address = (await subscribedEmails(ctx.db, [userId])).get(userId);
    if (!address) continue;
    await ctx.mailer.send(announcementMail(address, text.title, text.body, ctx.publicUrl));
    await ctx.db
      .updateTable('announcement')
      .set((eb) => ({ emailed: eb('emailed', '+', 1) }))
      .where('id', '=', announcementId)
      .execute();
    sent++;
  }
  return sent;
}

export function announcementMail(to: string, title: string, body: string, publicUrl: string) {
  const lines = markdownToPlainText(body)
    .split(/\n{2,}/)
    .map((p) => p.replace(/\n/g, ' ').trim())
    .filter(Boolean);
  return renderActionMail({
    to,
    subject: title,
    heading: title,
    lines,
    buttonLabel: 'Open the portal',
    link: `${publicUrl.replace(/\/$/, '')}/home`,
    footnote: 'You get this because you asked for news by email when you joined the portal.',
  });
}
