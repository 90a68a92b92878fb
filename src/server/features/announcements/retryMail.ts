import { ErrorCode } from '../../../protocol/errors';
import { writeAudit } from '../../shared/audit';
import { AnnounceRefused, type Who } from './compose';
import { MAIL_ATTEMPTS, updatePicked } from './delivery';
import type { AnnouncementsDb } from './tables';

/** Rows made due again per statement: a failed send of 100,000 mails is retried in bounded steps. */
export const RETRY_PAGE = 1000;

/**
 * Sends an announcement's failed mail again, at an operator's word (after a mail server's long
 * outage, say): each mail the server kept deferring until its attempts ran out (decision 0257) is
 * due again with MAIL_ATTEMPTS new tries, and the next ticks send it. Mail the server refused (a
 * 5xx: no such mailbox) stays failed: it would be refused again. Only the mail of an announcement
 * sent by email and not cancelled: a cancelled one sends nothing more. Throws AnnounceRefused.
 */
export async function retryFailedMail(
  db: AnnouncementsDb,
  id: number,
  who: Who,
): Promise<{ queued: number; stillFailed: number }> {
  const announcement = await db
    .selectFrom('announcement')
    .select(['status', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!announcement) throw new AnnounceRefused(ErrorCode.NOT_FOUND, `No announcement ${id}.`);
  const why =
    announcement.email !== 1
      ? 'was not sent by email'
      : announcement.status === 'cancelled'
        ? 'was cancelled: it sends nothing more'
        : announcement.status === 'scheduled'
          ? 'is not sent yet'
          : null;
  // No code of its own (the table is full, protocol/errorCodes.ts): the generic one, with the reason.
  if (why) throw new AnnounceRefused(ErrorCode.FORBIDDEN, `Announcement ${id} ${why}.`);
  let queued = 0;
  for (;;) {
    const page = await requeuePage(db, id);
    queued += page;
    if (page < RETRY_PAGE) break;
  }
  const left = await db.selectFrom('announcement').select('mail_failed').where('id', '=', id).executeTakeFirst();
  const stillFailed = Number(left?.mail_failed ?? 0);
  await writeAudit(db, {
    actor: who.actor,
    action: 'announce.retry-mail',
    detail: { id, queued, stillFailed, reason: who.reason },
    at: who.now,
    memberId: null,
  });
  return { queued, stillFailed };
}

/** Up to RETRY_PAGE mails out of attempts made due again, and the announcement's failed count lowered by as many. */
function requeuePage(db: AnnouncementsDb, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const outOfTries = trx
      .selectFrom('announcement_delivery as failed')
      .select(['failed.announcement_id', 'failed.user_id'])
      .where('failed.announcement_id', '=', id)
      .where('failed.email', '=', 'failed')
      .where('failed.mail_attempts', '>=', MAIL_ATTEMPTS)
      .limit(RETRY_PAGE)
      .$asTuple('announcement_id', 'user_id');
    const changed = await updatePicked(trx, ['failed'], outOfTries)
      .set({ email: 'due', mail_attempts: 0, mail_retry_at: null })
      .executeTakeFirst();
    const count = Number(changed.numUpdatedRows);
    if (count > 0) {
      await trx
        .updateTable('announcement')
        .set((eb) => ({ mail_failed: eb('mail_failed', '-', count) }))
        .where('id', '=', id)
        .execute();
    }
    return count;
  });
}
