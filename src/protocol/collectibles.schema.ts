/** Request schemas of the collectibles actions (server only). */
import { z } from 'zod';
import { INVENTORY_MAX_PAGE_SIZE, INVENTORY_PAGE_SIZE } from './collectibles';
import { formInt } from './wire.schema';

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const sItemID = z
  .string()
  .trim()
  .regex(/^[a-z2-9]{16}$/, 'sItemID is a 16-character item id.');
const sCollectionID = z.string().trim().toLowerCase().regex(ID_PATTERN, 'Unknown collection.');

/** Paged per collection (docs/decisions/0191-member-lists-page.md): page iPage of each collection's items, oldest first. */
export const getInventoryInput = z.object({
  iPage: formInt.pipe(z.number().int().min(1)).default(1),
  iPageSize: formInt.pipe(z.number().int().min(1).max(INVENTORY_MAX_PAGE_SIZE)).default(INVENTORY_PAGE_SIZE),
});
/** One page (iPage from 1) of the member's items of a collection, oldest first; without iPageSize the default page (decisions 0191, 0201). */
export const getCollectionInput = z.object({
  sCollectionID,
  iPage: formInt.pipe(z.number().int().min(1)).default(1),
  iPageSize: formInt.pipe(z.number().int().min(1).max(INVENTORY_MAX_PAGE_SIZE)).default(INVENTORY_PAGE_SIZE),
});
export const getItemInput = z.object({ sItemID });
export const getPublicItemInput = z.object({ sItemID });
export const getCollectionsInput = z.object({});
