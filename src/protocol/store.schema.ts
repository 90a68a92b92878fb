/** Request schemas of the reward store actions (server only). */
import { z } from 'zod';
import { MAX_QUANTITY, STATEMENT_MAX_PAGE_SIZE, STORE_ITEM_KINDS } from './store';
import { formInt } from './wire.schema';

export const storeItemId = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'an item id: a-z, 0-9, _ and -');

export const getStoreCatalogueInput = z.object({});

export const buyStoreItemInput = z.object({
  sStoreItemID: storeItemId,
  iQuantity: formInt.pipe(z.number().int().min(1).max(MAX_QUANTITY)).default(1),
  /** The client's idempotency key: one per purchase the member means to make (a UUID, say). */
  sIdempotencyKey: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, '8–100 letters, digits or _ . : -'),
});

export const getPointsStatementInput = z.object({
  /** The page after this entry (older ones); absent for the newest page. */
  iBeforeID: formInt.pipe(z.number().int().min(1)).optional(),
  iPageSize: formInt.pipe(z.number().int().min(1).max(STATEMENT_MAX_PAGE_SIZE)).optional(),
});

// ── The console's catalogue editor (issue 29): the shape here, the values checked once by store/manage.ts ──

const consoleReason = z
  .string({ error: 'a reason is required (the audit log keeps it)' })
  .trim()
  .min(1, 'a reason is required (the audit log keeps it)')
  .max(300);
const whole = z.number().int();
/** The item's fields as the console sends them; what each may hold is the store's to say (manage.ts). */
const consoleItemFields = {
  sKind: z.enum(STORE_ITEM_KINDS),
  sName: z.string().max(1000),
  sDescription: z.string().max(20_000),
  sImagePath: z.string().max(1000),
  sTemplateID: z.string().max(64).nullable(),
  iTickets: whole,
  iPrice: whole,
  /** null: unlimited. */
  iStock: whole.nullable(),
  iLimit: whole,
  iAvailableFrom: whole.nullable(),
  iAvailableUntil: whole.nullable(),
  iSort: whole,
};

/** The item id as typed: the store says what an id may be. */
const consoleItemId = z.string().max(200);

/** A new item: the fields not given take the store's defaults (a collectible's name and art from its template). */
export const storeItemAddInput = z
  .object(consoleItemFields)
  .partial()
  .extend({ sStoreItemID: consoleItemId, sReason: consoleReason });

/** The fields given change; the others stay. */
export const storeItemUpdateInput = storeItemAddInput;

export const storeItemChangeInput = z.object({ sStoreItemID: consoleItemId, sReason: consoleReason });
export const storeItemRestockInput = z.object({ sStoreItemID: consoleItemId, iUnits: whole, sReason: consoleReason });
export const storeCatalogueInput = z.object({});
