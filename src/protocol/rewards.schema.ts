/** Request schemas of the rewards actions, and the shape of the daily-reward game vars (server only). */
import { z } from 'zod';
import { DAILY_CYCLE_DAYS, noticeKindsOf } from './rewards';
import { formInt } from './wire.schema';

export const ackNoticesInput = z.object({
  /** Comma list of pUserData field names, e.g. "pRegisterNFT,iNewUserRaffleTickets". */
  sKinds: z
    .string()
    .max(500)
    .transform((value, ctx) => {
      const names = value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const unknown = names.filter((name) => noticeKindsOf(name).length === 0);
      if (names.length === 0 || unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown notice kind: ${unknown.join(',') || '(none)'}` });
        return z.NEVER;
      }
      return [...new Set(names.flatMap(noticeKindsOf))];
    }),
  /** Acknowledge only notices up to this id (pUserData.iNoticeCursor), so one created since stays. */
  iUpToNoticeID: formInt.optional(),
});
export const dailyRewardsSchema = z
  .array(z.object({ iPoints: z.number().int().min(0), iTickets: z.number().int().min(0) }))
  .length(DAILY_CYCLE_DAYS);
