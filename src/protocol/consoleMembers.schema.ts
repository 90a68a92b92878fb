/** Request schemas of the console's member and moderation actions (server only; issue 27). */
import { z } from 'zod';
import { MEMBER_TABS, REPORT_RESOLUTIONS } from './console';

const userId = z.string().trim().min(1).max(64);
/** Every lever asks why: the audit log keeps it. */
const reason = z.string().trim().min(1, 'a reason is required').max(300);
const page = {
  iPage: z.coerce.number().int().min(0).max(10_000).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
};
/** A duration in ms (up to a year); absent or 0: until lifted. */
const durationMs = z.coerce
  .number()
  .int()
  .min(0)
  .max(365 * 86_400_000)
  .default(0);

export const memberFindInput = z.object({ sQuery: z.string().trim().min(1).max(254), ...page });
export const memberShowInput = z.object({ sUserID: userId, sTab: z.enum(MEMBER_TABS).default('profile'), ...page });
export const memberBanInput = z.object({ sUserID: userId, sReason: reason, iDurationMs: durationMs });
export const memberUnbanInput = z.object({ sUserID: userId, sReason: reason });
export const memberMuteInput = z.object({ sUserID: userId, sReason: reason, iDurationMs: durationMs });
export const memberSessionsRevokeInput = z.object({
  sUserID: userId,
  /** One session; absent: every session. */
  sSessionID: z.string().trim().min(1).max(64).optional(),
  sReason: reason,
});
/**
 * A whole number of points or tickets, strictly (issue 35): a JSON number, or a string of decimal
 * digits with an optional minus (form bodies send strings). No arrays, booleans, hex or exponents.
 */
const wholeAmount = z
  .union([z.number(), z.string().regex(/^-?\d{1,7}$/, 'a whole number of points or tickets')])
  .transform(Number)
  .pipe(z.number().int().min(-1_000_000).max(1_000_000));

export const memberNoteAddInput = z.object({ sUserID: userId, sText: z.string().trim().min(1).max(2000) });
export const memberGrantInput = z
  .object({
    sUserID: userId,
    sAsset: z.enum(['points', 'tickets', 'item']),
    /** Points or tickets, negative to take back. */
    iAmount: wholeAmount.optional(),
    /** A collectible's template (grant one). */
    sTemplateID: z.string().trim().min(1).max(64).optional(),
    /** One of the member's items, by its public id (take it back). */
    sItemID: z.string().trim().min(1).max(64).optional(),
    /** One per submit: a double click sends the same key and grants once. */
    sKey: z.string().trim().min(8).max(100),
    sReason: reason,
  })
  .refine(
    (g) =>
      g.sAsset === 'item'
        ? (g.sTemplateID === undefined) !== (g.sItemID === undefined)
        : g.iAmount !== undefined && g.iAmount !== 0,
    { message: 'points and tickets need a non-zero iAmount, an item its sTemplateID (grant) or sItemID (take back)' },
  );
export const memberAccountInput = z.object({ sUserID: userId, sReason: reason });
export const reportListInput = z.object({
  /** Reports after this id (reportsSince's cursor); 0: from the oldest open report. */
  iCursor: z.coerce.number().int().min(0).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
});
/** reportsSince may wait for a report (issue 38): with none newer, it answers when one arrives or after iWaitMs. */
export const REPORTS_WAIT_MAX_MS = 25_000;
export const reportsSinceInput = reportListInput.extend({
  iWaitMs: z.coerce.number().int().min(0).max(REPORTS_WAIT_MAX_MS).default(0),
});
export const reportHistoryInput = z.object({
  iPage: z.coerce.number().int().min(0).max(10_000).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const reportResolveInput = z.object({
  iReportID: z.coerce.number().int().min(1),
  sResolution: z.enum(REPORT_RESOLUTIONS),
  sReason: reason,
  /** mute and ban: how long; absent or 0: until lifted. */
  iDurationMs: durationMs,
});

/** At most this many members (or invites) in one bulk action (one page of a member search is 100). */
export const BULK_MAX_MEMBERS = 100;

/** consoleBulk (issue 38): one lever, its items, and the input they share. */
export const consoleBulkInput = z.object({
  sAction: z.string().min(1).max(64),
  /** The members (for a lever on members). */
  aUserIDs: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX_MEMBERS).optional(),
  /** The items of any bulk lever (members' ids, invite codes). */
  aItems: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX_MEMBERS).optional(),
  /** The action's input without the item's field (the reason, a duration, an amount…). */
  pInput: z.record(z.string(), z.unknown()),
});
