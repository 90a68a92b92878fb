import type { AnnouncementPopup, AnnouncementsUserData } from '../../../protocol/announcements';
import type { AnnouncementsDb } from './tables';

/** Popups shown at most per page load; the next ones follow once these are closed. */
const POPUPS_MAX = 5;

/** pUserData's aAnnouncements: the member's delivered announcements whose popup is not closed yet, oldest first. */
export async function announcementsUserData(db: AnnouncementsDb, userId: string): Promise<AnnouncementsUserData> {
  const rows = await db
    .selectFrom('announcement_delivery')
    .innerJoin('announcement', 'announcement.id', 'announcement_delivery.announcement_id')
    .select(['announcement.id', 'announcement.title', 'announcement.body', 'announcement_delivery.delivered_at'])
    .where('announcement_delivery.user_id', '=', userId)
    .where('announcement_delivery.seen_at', 'is', null)
    .orderBy('announcement.id')
    .limit(POPUPS_MAX)
    .execute();
  return {
    aAnnouncements: rows.map(
      (r): AnnouncementPopup => ({
        iAnnouncementID: Number(r.id),
        sTitle: r.title,
        sBody: r.body,
        iSentAt: Number(r.delivered_at),
      }),
    ),
  };
}

/** The member closed the popup: it never shows again, on any device. False: no such delivery of theirs. */
export async function ackAnnouncement(db: AnnouncementsDb, userId: string, id: number, now: number): Promise<boolean> {
  await db
    .updateTable('announcement_delivery')
    .set({ seen_at: now })
    .where('announcement_id', '=', id)
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .execute();
  const row = await db
    .selectFrom('announcement_delivery')
    .select('seen_at')
    .where('announcement_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
