import { type Expression, sql } from 'kysely';
import { markdownToPlainText } from '../../../protocol/announcements';
import { type Mailer, type SendFailure, SMTP_CONNECTIONS, sendFailure } from '../../mail/index';
import { renderActionMail } from '../../mail/layout';
import { idRows } from '../../shared/batches';
import { subscribedEmails } from '../identity/index';
import { notify } from '../notifications/index';
import { parseSegment } from './compose';
import { countSegment, segmentPage } from './segment';
import type { AnnouncementDeliveryTable, AnnouncementsDb } from './tables';

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
 * (decision 0256); a mail the server deferred is tried again later, a few times (decision 0257).
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
 * send them at once, end the round by what each send answered, count what went. A runner killed
 * with a round in flight leaves it `sending`; the first tick after MAIL_LEASE_MS makes it due again,
 * so it is not lost (a kill after the mail server took a mail and before the round's end sends that
 * mail twice). A mail the server deferred is due again after RETRY_AFTER_MS, MAIL_ATTEMPTS sends in
 * all; one it refused is `failed` (decision 0257). The tick's first round is a single mail, and a
 * server that cannot be reached, or a send that broke off mid-transfer (marked sent: it may have
 * left), ends the tick's mail once its round is counted: a server that is down costs one attempt
 * a tick.
 */
export async function sendDueMail(ctx: DeliveryContext): Promise<number> {
  await standDownCancelledMail(ctx);
  await releaseMail(ctx);
  const texts = new Map<number, MailText>();
  const budget = ctx.mailPerTick ?? MAIL_PER_TICK;
  let claimed = 0;
  let sent = 0;
  while (claimed < budget) {
    const size = Math.min(claimed === 0 ? 1 : MAIL_IN_FLIGHT, budget - claimed);
    const round = await mailRound(ctx, texts, size);
    sent += round.sent;
    if (round.stop) throw round.stop.error;
    if (round.claimed < size) break;
    claimed += round.claimed;
  }
  return sent;
}

/** Sends of one mail in all: the first and four more after the server deferred it. */
export const MAIL_ATTEMPTS = 5;
/** After the n-th deferral, the n-th wait: two and a half hours from the first send to the last. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;

interface MailText {
  title: string;
  body: string;
}

interface MailRound {
  claimed: number;
  sent: number;
  /** The first failure that ends the tick's mail: the server unreachable, or a send broken off. */
  stop: { error: unknown } | null;
}

/** How a claimed mail's round ended for it. */
type MailEnd = 'went' | 'skipped' | SendFailure;

async function mailRound(ctx: DeliveryContext, texts: Map<number, MailText>, size: number): Promise<MailRound> {
  const rows = await claimDueMail(ctx, size);
  if (rows.length === 0) return { claimed: 0, sent: 0, stop: null };
  const addresses = await subscribedEmails(
    ctx.db,
    rows.map((r) => r.user_id),
  );
  await readTexts(
    ctx.db,
    texts,
    rows.map((r) => Number(r.announcement_id)),
  );
  let stop: MailRound['stop'] = null;
  const ends = await Promise.all(
    rows.map(async (row): Promise<MailEnd> => {
      const to = addresses.get(row.user_id);
      const text = texts.get(Number(row.announcement_id));
      if (!to || !text) return 'skipped';
      try {
        await ctx.mailer.send(announcementMail(to, text.title, text.body, ctx.publicUrl));
        return 'went';
      } catch (error) {
        const failure = sendFailure(error);
        if (!stop && (failure === 'unreachable' || failure === 'unknown')) stop = { error };
        return failure;
      }
    }),
  );
  await endRound(ctx, rows, ends);
  return { claimed: rows.length, sent: ends.filter((end) => end === 'went').length, stop };
}

/**
 * Up to `size` due mails of announcements not cancelled, marked `sending` in one statement; answers
 * the rows this call marked (another runner's claim of the same row finds it no longer due).
 */
function claimDueMail(ctx: DeliveryContext, size: number) {
  const due = ctx.db
    .selectFrom('announcement_delivery as due')
    .innerJoin('announcement', 'announcement.id', 'due.announcement_id')
    .select(['due.announcement_id', 'due.user_id'])
    .where('due.email', '=', 'due')
    .where('announcement.status', 'in', ['sending', 'sent'])
    // Along the (email, announcement_id) index: unordered, PostgreSQL's plan may scan the
    // table, past every row claimed before, in each round.
    .orderBy('due.announcement_id')
    .limit(size)
    .$asTuple('announcement_id', 'user_id');
  return updatePicked(ctx.db, ['due'], due)
    .set({ email: 'sending', emailed_at: ctx.now() })
    .returning(['announcement_id', 'user_id', 'mail_attempts'])
    .execute();
}

/**
 * An UPDATE of the delivery rows still in one of `states` among those `picked` names as
 * (announcement_id, user_id) (a page: the subquery carries its LIMIT), the shape of every step of
 * the mail: a row another runner moved meanwhile is no longer in `states`, and is left alone.
 */
export function updatePicked(
  db: AnnouncementsDb,
  states: readonly AnnouncementDeliveryTable['email'][],
  picked: Expression<[number, string]>,
) {
  return db
    .updateTable('announcement_delivery')
    .where('email', 'in', states)
    .where((eb) => eb(eb.refTuple('announcement_id', 'user_id'), 'in', picked));
}

/**
 * Due again: mails whose retry time came, as many as a tick may send (a server that deferred a whole
 * mailing leaves many waiting), and mails left `sending` longer than MAIL_LEASE_MS by a runner
 * killed with its round in flight (at most a round per runner that died). Each along the (email,
 * announcement_id) index.
 */
async function releaseMail(ctx: DeliveryContext): Promise<void> {
  const now = ctx.now();
  const waiting = ctx.db
    .selectFrom('announcement_delivery as waiting')
    .select(['waiting.announcement_id', 'waiting.user_id'])
    .where('waiting.email', '=', 'retry')
    .where('waiting.mail_retry_at', '<=', now)
    .orderBy('waiting.announcement_id')
    .limit(ctx.mailPerTick ?? MAIL_PER_TICK)
    .$asTuple('announcement_id', 'user_id');
  await updatePicked(ctx.db, ['retry'], waiting).set({ email: 'due', mail_retry_at: null }).execute();
  await ctx.db
    .updateTable('announcement_delivery')
    .set({ email: 'due' })
    .where('email', '=', 'sending')
    .where('emailed_at', '<', now - MAIL_LEASE_MS)
    .execute();
}

/** Unsent mails of cancelled announcements stood down per tick. */
const STAND_DOWN_PER_TICK = 5000;

/**
 * The unsent mails of cancelled announcements (due, or waiting for a retry) go to 'none', up to
 * STAND_DOWN_PER_TICK a tick: left due, every round's claim would walk past them on the (email,
 * announcement_id) index, on every tick, for good.
 */
async function standDownCancelledMail(ctx: DeliveryContext): Promise<void> {
  const unsent = ctx.db
    .selectFrom('announcement_delivery as unsent')
    .innerJoin('announcement', 'announcement.id', 'unsent.announcement_id')
    .select(['unsent.announcement_id', 'unsent.user_id'])
    .where('announcement.status', '=', 'cancelled')
    .where('unsent.email', 'in', ['due', 'retry'])
    .limit(STAND_DOWN_PER_TICK)
    .$asTuple('announcement_id', 'user_id');
  await updatePicked(ctx.db, ['due', 'retry'], unsent).set({ email: 'none', mail_retry_at: null }).execute();
}

/** The title and body of the announcements among `ids` not in `texts` yet, added to it. */
async function readTexts(db: AnnouncementsDb, texts: Map<number, MailText>, ids: number[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !texts.has(id));
  if (missing.length === 0) return;
  const rows = await db.selectFrom('announcement').select(['id', 'title', 'body']).where('id', 'in', missing).execute();
  for (const row of rows) texts.set(Number(row.id), { title: row.title, body: row.body });
}

/**
 * A round ended: per announcement among its rows, its mails `sent` (went, skipped, or broken off
 * and so perhaps gone), `retry` (deferred or unreachable, grouped by the wait their attempt earns)
 * or `failed` (refused, or out of attempts), and the announcement's `emailed` and `mail_failed`
 * raised by what went and what failed. Each statement also asks `sending`: a round that outlived
 * its lease changes nothing another runner claimed since.
 */
async function endRound(
  ctx: DeliveryContext,
  rows: { announcement_id: number; user_id: string; mail_attempts: number }[],
  ends: MailEnd[],
): Promise<void> {
  const now = ctx.now();
  const groups = new Map<string, { id: number; next: NextState; attempts: number; userIds: string[] }>();
  rows.forEach((row, i) => {
    const id = Number(row.announcement_id);
    const attempts = Number(row.mail_attempts) + (isDeferral(ends[i] as MailEnd) ? 1 : 0);
    const next = nextState(ends[i] as MailEnd, attempts);
    const key = `${id} ${next} ${next === 'retry' ? attempts : ''}`;
    const group = groups.get(key);
    if (group) group.userIds.push(row.user_id);
    else groups.set(key, { id, next, attempts, userIds: [row.user_id] });
  });
  const counts = new Map<number, { went: number; failed: number }>();
  for (const { id, next, attempts, userIds } of groups.values()) {
    const changed = await ctx.db
      .updateTable('announcement_delivery')
      .set(
        next === 'retry'
          ? { email: 'retry', mail_attempts: attempts, mail_retry_at: now + (RETRY_AFTER_MS[attempts - 1] as number) }
          : next === 'failed'
            ? { email: 'failed', mail_attempts: attempts }
            : { email: 'sent' },
      )
      .where('announcement_id', '=', id)
      .where('user_id', 'in', userIds)
      .where('email', '=', 'sending')
      .executeTakeFirst();
    const count = counts.get(id) ?? { went: 0, failed: 0 };
    counts.set(id, count);
    if (next === 'failed') count.failed += Number(changed.numUpdatedRows);
  }
  rows.forEach((row, i) => {
    if (ends[i] === 'went') (counts.get(Number(row.announcement_id)) as { went: number }).went++;
  });
  for (const [id, { went, failed }] of counts) {
    if (went === 0 && failed === 0) continue;
    await ctx.db
      .updateTable('announcement')
      .set((eb) => ({ emailed: eb('emailed', '+', went), mail_failed: eb('mail_failed', '+', failed) }))
      .where('id', '=', id)
      .execute();
  }
}

type NextState = 'sent' | 'retry' | 'failed';

function isDeferral(end: MailEnd): boolean {
  return end === 'deferred' || end === 'unreachable';
}

function nextState(end: MailEnd, attempts: number): NextState {
  if (end === 'refused') return 'failed';
  if (isDeferral(end)) return attempts >= MAIL_ATTEMPTS ? 'failed' : 'retry';
  return 'sent';
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
