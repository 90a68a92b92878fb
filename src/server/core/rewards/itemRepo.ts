import type { DbOrTrx } from './db';

/** Item rows joined with their template: everything a collectible view needs. */
export interface ItemRow {
  id: number;
  collection_id: string;
  template_id: string;
  attributes: string;
  token_id: number | null;
  created_at: number;
  name: string;
  description: string;
  image: string;
  animation_url: string | null;
  animation_url_mime_type: string | null;
}

export interface TraitPair {
  collectionId: string;
  traitType: string;
  value: string;
}

function selectItems(db: DbOrTrx) {
  return db
    .selectFrom('item')
    .innerJoin('template', 'template.id', 'item.template_id')
    .select([
      'item.id',
      'item.collection_id',
      'item.template_id',
      'item.attributes',
      'item.token_id',
      'item.created_at',
      'template.name',
      'template.description',
      'template.image',
      'template.animation_url',
      'template.animation_url_mime_type',
    ]);
}

export function findTemplateForGrant(db: DbOrTrx, templateId: string) {
  return db
    .selectFrom('template')
    .select(['id', 'collection_id', 'attributes'])
    .where('id', '=', templateId)
    .executeTakeFirst();
}

export async function listPoolTemplateIds(db: DbOrTrx, pool: string): Promise<string[]> {
  const rows = await db.selectFrom('template').select('id').where('grant_pool', '=', pool).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function insertItem(
  db: DbOrTrx,
  item: { templateId: string; collectionId: string; ownerUserId: string; attributes: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('item')
    .values({
      template_id: item.templateId,
      collection_id: item.collectionId,
      owner_user_id: item.ownerUserId,
      attributes: item.attributes,
      token_id: null,
      created_at: item.now,
      minted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertItemTraits(
  db: DbOrTrx,
  itemId: number,
  collectionId: string,
  traits: Array<{ traitType: string; value: string }>,
): Promise<void> {
  if (traits.length === 0) return;
  await db
    .insertInto('item_trait')
    .values(
      traits.map((t) => ({ item_id: itemId, collection_id: collectionId, trait_type: t.traitType, value: t.value })),
    )
    .execute();
}

export async function findItemsByIds(db: DbOrTrx, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return selectItems(db).where('item.id', 'in', ids).execute();
}

export function findItem(db: DbOrTrx, itemId: number): Promise<ItemRow | undefined> {
  return selectItems(db).where('item.id', '=', itemId).executeTakeFirst();
}

export function findOwnedItem(db: DbOrTrx, ownerUserId: string, itemId: number): Promise<ItemRow | undefined> {
  return selectItems(db).where('item.id', '=', itemId).where('item.owner_user_id', '=', ownerUserId).executeTakeFirst();
}

export function listOwnedItems(db: DbOrTrx, ownerUserId: string, collectionId?: string): Promise<ItemRow[]> {
  let query = selectItems(db).where('item.owner_user_id', '=', ownerUserId);
  if (collectionId !== undefined) query = query.where('item.collection_id', '=', collectionId);
  return query.orderBy('item.collection_id').orderBy('item.id').execute();
}

const PAIRS_PER_QUERY = 150;

/** How many items of each collection carry each (trait, value) pair: index range counts only. */
export async function countTraitPairs(db: DbOrTrx, pairs: TraitPair[]): Promise<Array<TraitPair & { count: number }>> {
  const out: Array<TraitPair & { count: number }> = [];
  for (let start = 0; start < pairs.length; start += PAIRS_PER_QUERY) {
    const chunk = pairs.slice(start, start + PAIRS_PER_QUERY);
    const rows = await db
      .selectFrom('item_trait')
      .select(['collection_id', 'trait_type', 'value', (eb) => eb.fn.countAll<number>().as('count')])
      .where((eb) =>
        eb.or(
          chunk.map((p) =>
            eb.and([
              eb('collection_id', '=', p.collectionId),
              eb('trait_type', '=', p.traitType),
              eb('value', '=', p.value),
            ]),
          ),
        ),
      )
      .groupBy(['collection_id', 'trait_type', 'value'])
      .execute();
    for (const r of rows) {
      out.push({ collectionId: r.collection_id, traitType: r.trait_type, value: r.value, count: Number(r.count) });
    }
  }
  return out;
}

export async function countItemsByCollection(db: DbOrTrx, collectionIds: string[]): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('item')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('collection_id', 'in', collectionIds)
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.count)]));
}

// ── Mint queue ──────────────────────────────────────────────────────────────────────────────

export function listUnmintedItems(db: DbOrTrx, createdBefore: number, limit: number) {
  return db
    .selectFrom('item')
    .select(['id', 'collection_id'])
    .where('token_id', 'is', null)
    .where('created_at', '<=', createdBefore)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countUnmintedItems(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('item')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('token_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function maxTokenId(db: DbOrTrx, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('item')
    .select((eb) => eb.fn.max('token_id').as('max'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Sets the token id of a still-unminted item; false when another worker got there first. */
export async function setItemToken(db: DbOrTrx, itemId: number, tokenId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('item')
    .set({ token_id: tokenId, minted_at: now })
    .where('id', '=', itemId)
    .where('token_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
