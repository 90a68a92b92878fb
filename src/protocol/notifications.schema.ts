/** Request schemas of the notification centre's actions (server only). */
import { z } from 'zod';
import { formInt } from './wire.schema';

const id = formInt.pipe(
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
);

export const listNotificationsInput = z.object({
  /** The page after this entry (older ones); absent: the newest. */
  iBeforeID: id.optional(),
});

/**
 * One entry (iNotificationID) or every entry (bAll: true). The web's form encodes a boolean as
 * "1" (api/request.ts formBody), so "1" and "true" both mean yes; issue 42 found "1" refused.
 */
export const markNotificationsReadInput = z.union([
  z.object({ iNotificationID: id }),
  z.object({ bAll: z.union([z.literal(true), z.literal('true'), z.literal('1'), z.literal(1)]) }),
]);

export const getNotificationCountsInput = z.object({});
