/** Request schemas of the console's raffle actions (server only; issue 29). */
import { z } from 'zod';

const reason = z.string().trim().min(1, 'a reason is required').max(300);
const raffleId = z.coerce.number().int().min(1, 'iRaffleID must be a raffle id');
const page = {
  iPage: z.coerce.number().int().min(0).max(10_000).default(0),
  iPageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** One prize from the console's form: the template is picked, the amount typed. */
export const consolePrizeSchema = z.discriminatedUnion('sKind', [
  z.object({
    sKind: z.literal('item'),
    sTemplateID: z.string().trim().min(1, 'pick a collectible template').max(64),
    iQuantity: z.coerce.number().int().min(1, 'at least 1 winner per prize').max(1000),
  }),
  z.object({
    sKind: z.enum(['points', 'tickets']),
    iAmount: z.coerce.number().int().min(1, 'the amount must be at least 1').max(1_000_000),
    iQuantity: z.coerce.number().int().min(1, 'at least 1 winner per prize').max(1000),
  }),
]);
const prizes = z.array(consolePrizeSchema).min(1, 'add at least one prize').max(50);

export const raffleListInput = z.object(page);
export const raffleTemplatesInput = z.object({});
export const raffleShowInput = z.object({ iRaffleID: raffleId, ...page });
export const raffleCreateInput = z.object({
  sTitle: z.string().trim().min(1, 'give the raffle a title').max(200),
  /** Epoch ms; 0 or a past time: now. */
  iOpensAt: z.coerce.number().int().min(0).default(0),
  iClosesAt: z.coerce.number().int().min(1, 'choose when the raffle closes'),
  aPrizes: prizes,
  bBeacon: z.boolean().default(false),
  sReason: reason,
});
export const raffleChangeInput = z.object({ iRaffleID: raffleId, sReason: reason });
export const raffleWeeklySetInput = z.object({
  bAuto: z.boolean(),
  sOpens: z.string().trim().max(20),
  sCloses: z.string().trim().max(20),
  aPrizes: prizes,
  bBeacon: z.boolean(),
  sReason: reason,
});
