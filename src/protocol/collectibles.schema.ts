/** Request schemas of the collectibles actions (server only). */
import { z } from 'zod';

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const sItemID = z
  .string()
  .trim()
  .regex(/^[a-z2-9]{16}$/, 'sItemID is a 16-character item id.');
const sCollectionID = z.string().trim().toLowerCase().regex(ID_PATTERN, 'Unknown collection.');

export const getInventoryInput = z.object({});
export const getCollectionInput = z.object({ sCollectionID });
export const getItemInput = z.object({ sItemID });
export const getPublicItemInput = z.object({ sItemID });
export const getCollectionsInput = z.object({});
