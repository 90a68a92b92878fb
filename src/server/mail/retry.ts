import type { Job } from '../capability';
import type { PlatformDb } from '../db/schema';
import { type Mailer, type MailMessage, sendFailure } from './index';

/**
 * One-off mail (account links, sign-in alerts, operator invitations) that the mail server did not
 * take is kept in `mail_retry` and sent again by a leader-only job, as a mail server's own queue
 * would: a greylisting server (451) or one down for a minute no longer loses a member's
 * verification link (decision 0267). Announcement rounds keep their own retries (decision 0257).
 */

/** The job's name and period. */
export const MAIL_RETRY_JOB = 'mail.retry';
export const MAIL_RETRY_EVERY_MS = 30_000;
/** The first retry waits this long, each next one twice as long as the one before. */
export const FIRST_RETRY_MS = 60_000;
/**
 * Sends after the first: the sixth comes about an hour after the first, when the links these mails
 * carry expire; then the mail is given up (and logged).
 */
export const MAIL_RETRIES = 6;
/**
 * A claimed mail is not due again for this long: longer than a send may take before the transport's
 * own timeouts fail it (mail/index.ts), so a leader that died mid-send is the only way to a resend.
 */
const CLAIM_MS = 2 * 60_000;
/** Mails one run sends at most: the table is read a page at a time. */
export const MAIL_RETRY_PAGE = 50;

export interface MailLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface RetryDeps {
  db: PlatformDb;
  now: () => number;
  log: MailLog;
}

export const retryAfterMs = (retriesDone: number) => FIRST_RETRY_MS * 2 ** retriesDone;

/**
 * `direct` behind a queue: a mail the server deferred, or that could not be handed over, is kept and
 * sent later (the send resolves); one the server refused for good (5xx) still throws, as before.
 */
export function retryingMailer(direct: Mailer, deps: RetryDeps): Mailer {
  return {
    async send(message) {
      try {
        await direct.send(message);
      } catch (error) {
        const failure = sendFailure(error);
        if (failure === 'refused') throw error;
        const now = deps.now();
        await deps.db
          .insertInto('mail_retry')
          .values({
            to_address: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html,
            retries: 0,
            next_at: now + retryAfterMs(0),
            created_at: now,
          })
          .execute();
        deps.log.warn({ err: error, failure, subject: message.subject }, 'mail not taken; it is sent again later');
      }
    },
  };
}

export interface RetryRound {
  sent: number;
  /** Due again later. */
  deferred: number;
  /** Refused for good, or deferred once too often: dropped. */
  givenUp: number;
}

/**
 * Sends the mails whose time came, oldest due first, one page at most. Each is claimed first (its
 * next time moved on), so a second runner never sends it too; sent, it is deleted. A mail server that
 * cannot be reached ends the round: the next mail would fail alike.
 */
export async function sendDueMail(direct: Mailer, deps: RetryDeps): Promise<RetryRound> {
  const round: RetryRound = { sent: 0, deferred: 0, givenUp: 0 };
  const now = deps.now();
  const due = await deps.db
    .selectFrom('mail_retry')
    .selectAll()
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(MAIL_RETRY_PAGE)
    .execute();
  for (const row of due) {
    const claimed = await deps.db
      .updateTable('mail_retry')
      .set({ next_at: now + CLAIM_MS })
      .where('id', '=', row.id)
      .where('next_at', '=', row.next_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const message: MailMessage = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    };
    try {
      await direct.send(message);
      await deps.db.deleteFrom('mail_retry').where('id', '=', row.id).execute();
      round.sent += 1;
    } catch (error) {
      const failure = sendFailure(error);
      const retries = row.retries + 1;
      if (failure === 'refused' || retries >= MAIL_RETRIES) {
        await deps.db.deleteFrom('mail_retry').where('id', '=', row.id).execute();
        deps.log.error({ err: error, failure, retries, subject: row.subject }, 'mail given up');
        round.givenUp += 1;
      } else {
        await deps.db
          .updateTable('mail_retry')
          .set({ retries, next_at: now + retryAfterMs(retries) })
          .where('id', '=', row.id)
          .execute();
        round.deferred += 1;
      }
      if (failure === 'unreachable') break;
    }
  }
  return round;
}

/** Mails waiting to be sent again (the console's status page). */
export async function mailWaiting(db: PlatformDb): Promise<number> {
  const row = await db
    .selectFrom('mail_retry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function mailRetryJob(direct: Mailer, deps: RetryDeps): Job {
  return { name: MAIL_RETRY_JOB, everyMs: MAIL_RETRY_EVERY_MS, leader: true, run: () => sendDueMail(direct, deps) };
}
