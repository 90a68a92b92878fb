/** Request schemas of the reward store actions (server only). */
import { z } from 'zod';
import { MAX_QUANTITY, STATEMENT_MAX_PAGE_SIZE } from './store';
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
