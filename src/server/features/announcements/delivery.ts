import { sql } from 'kysely';
import { markdownToPlainText } from '../../../protocol/announcements';
import { type Mailer, SMTP_CONNECTIONS } from '../../mail/index';
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
 * Mail goes after the page commits, a few at once: claimed (`sending`) before it leaves and marked
 * `sent` once its round ends; a round a dead runner left `sending` is due again after MAIL_LEASE_MS
 * (decision 0256).
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
  /** Mails claimed per tick at most. */
  mailPerTick?: number;
}

export interface DeliveryReport {
  started: number[];
  delivered: number;
  emailed: number;
  finished: number[];
}

const PAGE = 200;
const PAGES_PER_TICK = 25;
/** Mails claimed per statement and sent at once: as many as the pooled SMTP transport has connections. */
const MAIL_IN_FLIGHT = SMTP_CONNECTIONS;
/** Mails per tick at most (a tick of delivery pages makes about 500 due at one member in ten subscribed). */
const MAIL_PER_TICK = 1000;
/**
 * A mail still `sending` this long after its claim was claimed by a runner that died with its round
 * in flight: it is due again. Longer than any live round can take (mail/index.ts's SMTP timeouts).
 */
export const MAIL_LEASE_MS = 2 * 60_000;

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

/**
 * Mails due of announcements still going (sending or sent, not cancelled), in rounds: claim a few
 * in one statement (`sending`), read their addresses (who unsubscribed since is skipped) and texts,
 * send them at once, mark the round `sent`, count what went. A runner killed with a round in flight
 * leaves it `sending`; the first tick after MAIL_LEASE_MS makes it due again, so it is not lost (a
 * kill after the mail server took a mail and before the mark sends that mail twice). The tick's
 * first round is a single mail, so a mail server that is down costs one mail per tick; a failed
 * send is marked sent (it may have left) and ends the tick's mail once its round is counted.
 */
export async function sendDueMail(ctx: DeliveryContext): Promise<number> {
  await releaseAbandonedMail(ctx);
  const texts = new Map<number, MailText>();
  const budget = ctx.mailPerTick ?? MAIL_PER_TICK;
  let claimed = 0;
  let sent = 0;
  while (claimed < budget) {
    const size = Math.min(claimed === 0 ? 1 : MAIL_IN_FLIGHT, budget - claimed);
    const round = await mailRound(ctx, texts, size);
    sent += round.sent;
    if (round.failed) throw round.failed.error;
    if (round.claimed < size) break;
    claimed += round.claimed;
  }
  return sent;
}

interface MailText {
  title: string;
  body: string;
}

interface MailRound {
  claimed: number;
  sent: number;
  /** The first send that failed (its mail stays marked sent: it may have left). */
  failed: { error: unknown } | null;
}

async function mailRound(ctx: DeliveryContext, texts: Map<number, MailText>, size: number): Promise<MailRound> {
  const rows = await claimDueMail(ctx, size);
  if (rows.length === 0) return { claimed: 0, sent: 0, failed: null };
  const addresses = await subscribedEmails(
    ctx.db,
    rows.map((r) => r.user_id),
  );
  await readTexts(
    ctx.db,
    texts,
    rows.map((r) => Number(r.announcement_id)),
  );
  const sends = rows.flatMap((row) => {
    const to = addresses.get(row.user_id);
    const text = texts.get(Number(row.announcement_id));
    if (!to || !text) return [];
    const mail = async () => ctx.mailer.send(announcementMail(to, text.title, text.body, ctx.publicUrl));
    return [{ id: Number(row.announcement_id), outcome: mail() }];
  });
  const outcomes = await Promise.allSettled(sends.map((s) => s.outcome));
  const went = sends.filter((_, i) => outcomes[i]?.status === 'fulfilled');
  await endRound(
    ctx.db,
    rows,
    went.map((s) => s.id),
  );
  const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  return { claimed: rows.length, sent: went.length, failed: rejected ? { error: rejected.reason } : null };
}

/**
 * Up to `size` due mails of announcements not cancelled, marked `sending` in one statement; answers
 * the rows this call marked (another runner's claim of the same row finds it no longer due).
 */
function claimDueMail(ctx: DeliveryContext, size: number) {
  return ctx.db
    .updateTable('announcement_delivery')
    .set({ email: 'sending', emailed_at: ctx.now() })
    .where('email', '=', 'due')
    .where((eb) =>
      eb(
        eb.refTuple('announcement_id', 'user_id'),
        'in',
        eb
          .selectFrom('announcement_delivery as due')
          .innerJoin('announcement', 'announcement.id', 'due.announcement_id')
          .select(['due.announcement_id', 'due.user_id'])
          .where('due.email', '=', 'due')
          .where('announcement.status', 'in', ['sending', 'sent'])
          // Along the (email, announcement_id) index: unordered, PostgreSQL's plan may scan the
          // table, past every row claimed before, in each round.
          .orderBy('due.announcement_id')
          .limit(size)
          .$asTuple('announcement_id', 'user_id'),
      ),
    )
    .returning(['announcement_id', 'user_id'])
    .execute();
}

/**
 * Mails left `sending` longer than MAIL_LEASE_MS, by a runner killed with its round in flight, due
 * again. At most a round per runner that died: bounded without a limit.
 */
async function releaseAbandonedMail(ctx: DeliveryContext): Promise<void> {
  await ctx.db
    .updateTable('announcement_delivery')
    .set({ email: 'due' })
    .where('email', '=', 'sending')
    .where('emailed_at', '<', ctx.now() - MAIL_LEASE_MS)
    .execute();
}

/** The title and body of the announcements among `ids` not in `texts` yet, added to it. */
async function readTexts(db: AnnouncementsDb, texts: Map<number, MailText>, ids: number[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !texts.has(id));
  if (missing.length === 0) return;
  const rows = await db.selectFrom('announcement').select(['id', 'title', 'body']).where('id', 'in', missing).execute();
  for (const row of rows) texts.set(Number(row.id), { title: row.title, body: row.body });
}

/**
 * A round ended: per announcement among its rows, one statement marks them `sent` (whether each
 * went or failed) and one raises `emailed` by the announcement's ids in `went`, if any.
 */
async function endRound(
  db: AnnouncementsDb,
  rows: { announcement_id: number; user_id: string }[],
  went: number[],
): Promise<void> {
  const claimed = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row.announcement_id);
    const userIds = claimed.get(id);
    if (userIds) userIds.push(row.user_id);
    else claimed.set(id, [row.user_id]);
  }
  for (const [id, userIds] of claimed) {
    await db
      .updateTable('announcement_delivery')
      .set({ email: 'sent' })
      .where('announcement_id', '=', id)
      .where('user_id', 'in', userIds)
      .where('email', '=', 'sending')
      .execute();
    const n = went.filter((sent) => sent === id).length;
    if (n === 0) continue;
    await db
      .updateTable('announcement')
      .set((eb) => ({ emailed: eb('emailed', '+', n) }))
      .where('id', '=', id)
      .execute();
  }
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
