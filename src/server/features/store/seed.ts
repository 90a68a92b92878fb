import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_MEMBER_LIMIT, STORE_ITEM_KINDS } from '../../../protocol/store';
import { storeItemId } from '../../../protocol/store.schema';
import { inTransaction } from '../../shared/transaction';
import { templateSummaries } from '../collectibles/index';
import type { StoreDb } from './tables';

/**
 * The demo items shipped in content/store.json, so a fresh install has a living store. Unlike the
 * collectible templates they are inserted once and then belong to the operator: price, stock and
 * windows change with `store update|restock`, and a new start never undoes that.
 */
const CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

const storeContentSchema = z.object({
  items: z.array(
    z.object({
      id: storeItemId,
      kind: z.enum(STORE_ITEM_KINDS),
      template: z.string().optional(),
      name: z.string().min(1).max(200).optional(),
      descriptionFile: z.string(),
      image: z.string().optional(),
      tickets: z.number().int().min(1).optional(),
      price: z.number().int().min(0),
      stock: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).optional(),
      /** On sale this many days after the first start (a demo of an item that is coming). */
      opensInDays: z.number().int().min(1).optional(),
      sort: z.number().int(),
    }),
  ),
});

export async function seedDemoStore(db: StoreDb, now: number, dir = CONTENT_DIR): Promise<void> {
  const content = storeContentSchema.parse(JSON.parse(readFileSync(path.join(dir, 'store.json'), 'utf8')));
  await inTransaction(db, async (trx) => {
    for (const item of content.items) {
      const template = item.template ? (await templateSummaries(trx, [item.template])).get(item.template) : undefined;
      // A template the operator removed takes its demo item with it.
      if (item.template && !template) continue;
      await trx
        .insertInto('store_item')
        .values({
          id: item.id,
          kind: item.kind,
          name: item.name ?? template?.name ?? item.id,
          description: readFileSync(path.join(dir, item.descriptionFile), 'utf8').trim(),
          image: item.image ?? template?.image ?? '',
          template_id: item.template ?? null,
          tickets: item.tickets ?? 0,
          price: item.price,
          stock: item.stock ?? null,
          member_limit: item.limit ?? DEFAULT_MEMBER_LIMIT,
          available_from: item.opensInDays ? now + item.opensInDays * DAY_MS : null,
          available_until: null,
          retired_at: null,
          sort: item.sort,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
}
