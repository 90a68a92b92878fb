import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { readInPages } from '../../shared/batches';
import { prepared } from '../../shared/prepared';
import { parseTraits, traitValueKey } from './rarity';
import type { CollectiblesDb } from './tables';

/**
 * Items are known outside the server only by an opaque public id (80 random bits): a sequential
 * id would let anyone walk every shared item and count the members.
 */
const PUBLIC_ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const PUBLIC_ID_LENGTH = 16;

export function newPublicId(): string {
  let id = '';
  for (let i = 0; i < PUBLIC_ID_LENGTH; i++) id += PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)];
  return id;
}

/** Item rows joined with their template: everything a collectible view needs. */
export interface ItemRow {
  id: number;
  public_id: string;
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

function selectItems(db: CollectiblesDb) {
  return db
    .selectFrom('item')
    .innerJoin('template', 'template.id', 'item.template_id')
    .select([
      'item.id',
      'item.public_id',
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

function findTemplateForGrant(db: CollectiblesDb, templateId: string) {
  return db
    .selectFrom('template')
    .select(['id', 'collection_id', 'attributes'])
    .where('id', '=', templateId)
    .executeTakeFirst();
}

export async function listPoolTemplateIds(db: CollectiblesDb, pool: string): Promise<string[]> {
  const rows = await db.selectFrom('template').select('id').where('grant_pool', '=', pool).orderBy('id').execute();
  return rows.map((r) => r.id);
}

async function insertItem(
  db: CollectiblesDb,
  item: { templateId: string; collectionId: string; ownerUserId: string; attributes: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('item')
    .values({
      template_id: item.templateId,
      collection_id: item.collectionId,
      owner_user_id: item.ownerUserId,
      attributes: item.attributes,
      public_id: newPublicId(),
      token_id: null,
      created_at: item.now,
      minted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function insertItemTraits(
  db: CollectiblesDb,
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

const itemById = prepared((db: CollectiblesDb, id: number) => selectItems(db).where('item.id', '=', id));
const itemByPublicId = prepared((db: CollectiblesDb, publicId: string) =>
  selectItems(db).where('item.public_id', '=', publicId),
);
const ownedItemByPublicId = prepared((db: CollectiblesDb, ownerUserId: string, publicId: string) =>
  selectItems(db).where('item.public_id', '=', publicId).where('item.owner_user_id', '=', ownerUserId),
);
const ownedItems = prepared((db: CollectiblesDb, ownerUserId: string) =>
  selectItems(db).where('item.owner_user_id', '=', ownerUserId).orderBy('item.collection_id').orderBy('item.id'),
);
const ownedItemsOf = prepared((db: CollectiblesDb, ownerUserId: string, collectionId: string) =>
  selectItems(db)
    .where('item.owner_user_id', '=', ownerUserId)
    .where('item.collection_id', '=', collectionId)
    .orderBy('item.id'),
);

/** One page of the member's items of a collection, oldest first. */
export function ownedItemsPage(
  db: CollectiblesDb,
  ownerUserId: string,
  collectionId: string,
  page: { offset: number; limit: number },
): Promise<ItemRow[]> {
  return selectItems(db)
    .where('item.owner_user_id', '=', ownerUserId)
    .where('item.collection_id', '=', collectionId)
    .orderBy('item.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** How many items the member holds of each collection (an index range count: item_owner). */
export async function countOwnedByCollection(db: CollectiblesDb, ownerUserId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('item')
    .select(['collection_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('owner_user_id', '=', ownerUserId)
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.n)]));
}

/** How many items the member holds of one collection (an index range count: item_owner). */
export async function countOwnedOf(db: CollectiblesDb, ownerUserId: string, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('item')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_user_id', '=', ownerUserId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One prepared query per list length, for the few items pending notices name. */
const itemsByIdList = new Map<number, (db: CollectiblesDb, ...ids: number[]) => Promise<ItemRow[]>>();
const MAX_LISTED = 16;

/** Items by internal id (the ones pending notices name), in one read. */
export async function findItemsByIds(db: CollectiblesDb, ids: number[]): Promise<ItemRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length === 1) return itemById(db, unique[0] as number);
  if (unique.length > MAX_LISTED) {
    return readInPages(unique, (page) => selectItems(db).where('item.id', 'in', page).execute());
  }
  let query = itemsByIdList.get(unique.length);
  if (!query) {
    query = prepared((db: CollectiblesDb, ...listed: number[]) => selectItems(db).where('item.id', 'in', listed));
    itemsByIdList.set(unique.length, query);
  }
  return query(db, ...unique);
}

/** The template of each item, by internal id (a ledger resend compares the design it granted). */
export async function itemTemplateIds(db: CollectiblesDb, ids: number[]): Promise<Map<number, string>> {
  const rows = await findItemsByIds(db, ids);
  return new Map(rows.map((row) => [Number(row.id), row.template_id]));
}

export async function findItem(db: CollectiblesDb, publicId: string): Promise<ItemRow | undefined> {
  return (await itemByPublicId(db, publicId))[0];
}

export async function findOwnedItem(
  db: CollectiblesDb,
  ownerUserId: string,
  publicId: string,
): Promise<ItemRow | undefined> {
  return (await ownedItemByPublicId(db, ownerUserId, publicId))[0];
}

export function listOwnedItems(db: CollectiblesDb, ownerUserId: string, collectionId?: string): Promise<ItemRow[]> {
  return collectionId === undefined ? ownedItems(db, ownerUserId) : ownedItemsOf(db, ownerUserId, collectionId);
}

/** A collection's item total and the items carrying each trait value, in one read (counters kept by createItem). */
const collectionCounts = prepared((db: CollectiblesDb, collectionId: string) =>
  db
    .selectFrom('collection_count')
    .select([(eb) => eb.val('').as('trait_type'), (eb) => eb.val('').as('value'), 'items'])
    .where('collection_id', '=', collectionId)
    .unionAll(
      db.selectFrom('trait_count').select(['trait_type', 'value', 'items']).where('collection_id', '=', collectionId),
    ),
);

export interface CollectionCounts {
  total: number;
  traits: Array<{ traitType: string; value: string; items: number }>;
}

/** Rarity moves by one item at a time: views may read a collection's counts up to `ttlMs` old (set at start). */
const rememberedCounts = new WeakMap<
  CollectiblesDb,
  { ttlMs: number; byCollection: Map<string, { at: number; counts: Promise<CollectionCounts> }> }
>();

export function rememberCounts(db: CollectiblesDb, ttlMs: number): void {
  if (ttlMs > 0) rememberedCounts.set(db, { ttlMs, byCollection: new Map() });
}

export function countsOf(db: CollectiblesDb, collectionId: string): Promise<CollectionCounts> {
  const memory = db.isTransaction ? undefined : rememberedCounts.get(db);
  if (!memory) return readCounts(db, collectionId);
  const now = Date.now();
  const kept = memory.byCollection.get(collectionId);
  if (kept && now - kept.at < memory.ttlMs) return kept.counts;
  const counts = readCounts(db, collectionId);
  memory.byCollection.set(collectionId, { at: now, counts });
  counts.catch(() => memory.byCollection.delete(collectionId));
  return counts;
}

async function readCounts(db: CollectiblesDb, collectionId: string): Promise<CollectionCounts> {
  const counts: CollectionCounts = { total: 0, traits: [] };
  for (const row of await collectionCounts(db, collectionId)) {
    if (row.trait_type === '') counts.total = Number(row.items);
    else counts.traits.push({ traitType: row.trait_type, value: row.value, items: Number(row.items) });
  }
  return counts;
}

export async function countItemsByCollection(
  db: CollectiblesDb,
  collectionIds: string[],
): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('collection_count')
    .select(['collection_id', 'items'])
    .where('collection_id', 'in', collectionIds)
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.items)]));
}

/** Counts a new item and its traits, inside the grant that made it. */
async function countNewItem(
  db: CollectiblesDb,
  collectionId: string,
  traits: Array<{ traitType: string; value: string }>,
): Promise<void> {
  await db
    .insertInto('collection_count')
    .values({ collection_id: collectionId, items: 1 })
    .onConflict((oc) => oc.column('collection_id').doUpdateSet({ items: sql<number>`collection_count.items + 1` }))
    .execute();
  // One order for every transaction, so two grants never wait on each other's rows in a circle.
  const ordered = [...traits].sort((a, b) => (a.traitType + a.value < b.traitType + b.value ? -1 : 1));
  for (const trait of ordered) {
    await db
      .insertInto('trait_count')
      .values({ collection_id: collectionId, trait_type: trait.traitType, value: trait.value, items: 1 })
      .onConflict((oc) =>
        oc.columns(['collection_id', 'trait_type', 'value']).doUpdateSet({ items: sql<number>`trait_count.items + 1` }),
      )
      .execute();
  }
}

export async function createItem(
  trx: CollectiblesDb,
  item: { ownerUserId: string; templateId: string; now: number },
): Promise<number | null> {
  const template = await findTemplateForGrant(trx, item.templateId);
  if (!template) return null;
  const traits = parseTraits(template.attributes);
  const itemId = await insertItem(trx, {
    templateId: item.templateId,
    collectionId: template.collection_id,
    ownerUserId: item.ownerUserId,
    attributes: JSON.stringify(traits),
    now: item.now,
  });
  const traitRows = traits.map((t) => ({ traitType: t.trait_type, value: traitValueKey(t.value) }));
  await insertItemTraits(trx, itemId, template.collection_id, traitRows);
  await countNewItem(trx, template.collection_id, traitRows);
  return itemId;
}

/**
 * The owner of a collectible an operator took back (issue 27): the item leaves the member's
 * inventory but keeps its row, traits, rarity counts and token id (nothing is re-numbered).
 */
export const TAKEN_BACK_OWNER = 'house:taken-back';

/** Moves one of a member's items to TAKEN_BACK_OWNER; its internal id, or null when they do not own it. */
export async function takeBackItem(
  trx: CollectiblesDb,
  item: { ownerUserId: string; publicId: string },
): Promise<number | null> {
  const row = await trx
    .updateTable('item')
    .set({ owner_user_id: TAKEN_BACK_OWNER })
    .where('public_id', '=', item.publicId)
    .where('owner_user_id', '=', item.ownerUserId)
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/**
 * Moves one item from a member to another (a trade, issue 39): a conditional update, so it moves
 * only while `fromUserId` still holds it. The item keeps its row, traits, token id and rarity
 * counts. Its internal id, or null when `fromUserId` no longer holds it.
 */
export async function transferItem(
  trx: CollectiblesDb,
  move: { publicId: string; fromUserId: string; toUserId: string },
): Promise<number | null> {
  const row = await trx
    .updateTable('item')
    .set({ owner_user_id: move.toUserId })
    .where('public_id', '=', move.publicId)
    .where('owner_user_id', '=', move.fromUserId)
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Internal ids and owners of items by public id (a trade checks where its items are). */
export async function itemOwners(
  db: CollectiblesDb,
  publicIds: readonly string[],
): Promise<Map<string, { id: number; ownerUserId: string }>> {
  if (publicIds.length === 0) return new Map();
  const rows = await readInPages([...publicIds], (page) =>
    db.selectFrom('item').select(['id', 'public_id', 'owner_user_id']).where('public_id', 'in', page).execute(),
  );
  return new Map(rows.map((row) => [row.public_id, { id: Number(row.id), ownerUserId: row.owner_user_id }]));
}
