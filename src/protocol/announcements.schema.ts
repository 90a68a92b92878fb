/** Request schemas of the announcements' console actions and member action (server only; issue 29). */
import { z } from 'zod';
import { formInt } from './wire.schema';

const reason = z.string().trim().min(1, 'a reason is required').max(300);
const id = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53 - 1);
const instant = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 53 - 1);

// Lengths and the segment's sense are checked by the capability (announcements/compose.ts), so the
// CLI and the console answer the same codes (ANNOUNCE_TEXT_INVALID, ANNOUNCE_SEGMENT_INVALID…).
export const segmentInput = z.object({
  bEveryone: z.boolean().default(false),
  iJoinedAfter: instant.default(0),
  iJoinedBefore: instant.default(0),
  sCollectionID: z.string().trim().max(64).default(''),
  bPlayed: z.boolean().default(false),
  bVerified: z.boolean().default(false),
});

export const announceListInput = z.object({ iPage: z.coerce.number().int().min(0).max(10_000).default(0) });
export const announceCountInput = z.object({ pSegment: segmentInput });
export const announceSendInput = z.object({
  sTitle: z.string().max(2000),
  sBody: z.string().max(20_000),
  pSegment: segmentInput,
  /** 0: now. */
  iSendAt: instant.default(0),
  bEmail: z.boolean().default(false),
  sReason: reason,
});
export const announceCancelInput = z.object({ iAnnouncementID: id, sReason: reason });
export const announceRetryMailInput = z.object({ iAnnouncementID: id, sReason: reason });

/** portal/ackAnnouncement: the member closed the announcement's popup. */
export const ackAnnouncementInput = z.object({ iAnnouncementID: formInt.pipe(z.number().int().min(1)) });
