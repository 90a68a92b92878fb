import { type Capability, forOtherCapabilities } from '../../capability';
import { announcementsActions } from './actions';
import { announcementsCli } from './cli';
import { pendingAnnouncementCount as pendingAnnouncementCountOwn } from './compose';
import { announcementsConsoleActions } from './consoleActions';
import { announcementTick } from './delivery';
import { announcementsMigrations } from './migrations';
import { announcementsUserData } from './popups';
import type { AnnouncementsTables } from './tables';

/** How often the job looks for due announcements and delivers their next pages. */
export const ANNOUNCE_EVERY_MS = 2000;

/**
 * Announcements (issue 29): an operator's short markdown message to everyone or a segment (joined
 * after/before, holds a collection, has played, verified), now or at a set time; delivered once
 * per member by a resumable job as a notification-centre entry, a popup after the spec's popups
 * (pUserData.aAnnouncements, closed with ackAnnouncement) and, if asked, an email. The console's
 * actions and the `announce` CLI share the capability functions of compose.ts.
 */
export const announcements: Capability<AnnouncementsTables> = {
  name: 'announcements',
  uses: ['identity', 'collectibles', 'games', 'notifications'],
  migrations: announcementsMigrations,
  cli: announcementsCli,
  start: (ctx) => ({
    actions: announcementsActions,
    consoleActions: announcementsConsoleActions(ctx),
    jobs: [
      {
        name: 'announcements.send',
        everyMs: ANNOUNCE_EVERY_MS,
        leader: true,
        run: () =>
          announcementTick({
            db: ctx.db,
            now: () => ctx.clock.now(),
            mailer: ctx.directMailer,
            publicUrl: ctx.config.publicUrl,
          }),
      },
    ],
    userData: (userId) => announcementsUserData(ctx.db, userId),
    // Issue 30: an erased member's copies go (the announcements themselves are the operators').
    eraseMember: async (trx, member) => {
      await trx.deleteFrom('announcement_delivery').where('user_id', '=', member.userId).execute();
    },
  }),
};

export type { AnnouncementsTables } from './tables';

/** The console's overview (issue 38): announcements scheduled or being sent. */
export const pendingAnnouncementCount = forOtherCapabilities(pendingAnnouncementCountOwn);
