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

/** One entry (iNotificationID) or every entry (bAll: true). */
export const markNotificationsReadInput = z.union([
  z.object({ iNotificationID: id }),
  z.object({ bAll: z.union([z.literal(true), z.literal('true')]) }),
]);

export const getNotificationCountsInput = z.object({});
