/** Request schemas of the trading actions (server only). */
import { z } from 'zod';
import { USERNAME_PATTERN } from './identity';
import { TRADE_BOXES, TRADE_MAX_ITEMS, TRADE_MAX_POINTS, TRADE_MESSAGE_MAX, TRADES_MAX_PAGE } from './trading';
import { formBool, formInt } from './wire.schema';

const ITEM_ID = /^[a-z2-9]{16}$/;
const TRADE_ID = /^[a-z2-9]{16}$/;

export const sTradeID = z.string().trim().regex(TRADE_ID, 'sTradeID is a 16-character trade id.');

/** Item ids, comma-separated (a form field), each once, at most TRADE_MAX_ITEMS. */
const itemIds = z
  .string()
  .trim()
  .max(TRADE_MAX_ITEMS * 17)
  .default('')
  .transform((list) => (list === '' ? [] : list.split(',').map((id) => id.trim())))
  .pipe(
    z
      .array(z.string().regex(ITEM_ID, 'each item id has 16 characters'))
      .max(TRADE_MAX_ITEMS, `at most ${TRADE_MAX_ITEMS} items a side`)
      .refine((ids) => new Set(ids).size === ids.length, 'an item is named twice'),
  );

const points = formInt.pipe(z.number().int().min(0).max(TRADE_MAX_POINTS)).default(0);

/** The client's idempotency key: one per decision the member means to make (a UUID, say). */
const idempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, '8–100 letters, digits or _ . : -');

export const createTradeOfferInput = z.object({
  sToUserName: z.string().trim().regex(USERNAME_PATTERN, 'Unknown member.'),
  /** My items I give. */
  sGiveItemIDs: itemIds,
  iGivePoints: points,
  /** Their items I ask for (none for a gift). */
  sTakeItemIDs: itemIds,
  iTakePoints: points,
  sMessage: z.string().trim().max(TRADE_MESSAGE_MAX).default(''),
  /** A counter offer: the open offer between the same two members it replaces. */
  sReplacesTradeID: sTradeID.optional(),
});

export const acceptTradeOfferInput = z.object({ sTradeID, sIdempotencyKey: idempotencyKey });
export const tradeIdInput = z.object({ sTradeID });

export const listMyTradesInput = z.object({
  sBox: z.enum(TRADE_BOXES),
  /** The sNextCursor of the previous page. */
  sCursor: z.string().trim().regex(TRADE_ID).optional(),
  iPageSize: formInt.pipe(z.number().int().min(1).max(TRADES_MAX_PAGE)).optional(),
});

export const getItemTradesInput = z.object({ sItemID: z.string().trim().regex(ITEM_ID, 'Unknown item.') });

// ── The console (operators) ──────────────────────────────────────────────────────────────────

const consoleReason = z
  .string({ error: 'a reason is required (the audit log keeps it)' })
  .trim()
  .min(1, 'a reason is required (the audit log keeps it)')
  .max(300);

export const consoleTradesInput = z.object({
  /** A member's username or email; absent for every member. */
  sMember: z.string().trim().max(200).optional(),
  bHeldOnly: formBool.optional(),
});
export const consoleTradeSignalsInput = z.object({});
export const consoleTradeChangeInput = z.object({ sTradeID, sReason: consoleReason });
