/** Request schemas of the raffle actions, and the shape of the weekly prize list game var (server only). */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_PATTERN, MAX_ENTRY_TICKETS } from './raffle';
import { formInt } from './wire.schema';

const raffleId = formInt.pipe(z.number().int().min(1, 'iRaffleID must be a raffle id'));

export const getRafflesInput = z.object({
  /** The next page: raffles with a smaller id than this. */
  iBeforeID: raffleId.optional(),
});

/** Without iRaffleID: the latest raffle that has been drawn. */
export const getRaffleInput = z.object({ iRaffleID: raffleId.optional() });

export const raffleIdInput = z.object({ iRaffleID: raffleId });

export const enterRaffleInput = z.object({
  iRaffleID: raffleId,
  iTickets: formInt.pipe(
    z
      .number()
      .int()
      .min(1, 'Enter at least one ticket')
      .max(MAX_ENTRY_TICKETS, `Enter at most ${MAX_ENTRY_TICKETS} tickets at once`),
  ),
  sIdempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'sIdempotencyKey must be 8–64 of A-Z a-z 0-9 _ -'),
});

/** One prize of a raffle as operators describe it (the aRafflePrizes game var, `raffle create --prize`). */
export const prizeSpecSchema = z.discriminatedUnion('sKind', [
  z.object({
    sKind: z.literal('item'),
    sTemplateID: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/),
    iQuantity: z.number().int().min(1).max(1000),
    sImage: z.string().max(500).optional(),
  }),
  z.object({
    sKind: z.enum(['points', 'tickets']),
    iAmount: z.number().int().min(1).max(1_000_000),
    iQuantity: z.number().int().min(1).max(1000),
    sImage: z.string().max(500).optional(),
  }),
]);
export type PrizeSpec = z.infer<typeof prizeSpecSchema>;

export const prizeListSchema = z.array(prizeSpecSchema).min(1).max(50);
