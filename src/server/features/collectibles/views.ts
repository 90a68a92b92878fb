import type { Collectible, CollectionInfo, InventoryCollection } from '../../../protocol/collectibles';
import { readInPages } from '../../shared/batches';
import { isErased } from '../identity/index';
import { type CollectionRow, findCollectionRow, listCollectionRows } from './catalogue';
import {
  type CollectionCounts,
  countItemsByCollection,
  countOwnedByCollection,
  countOwnedOf,
  countsOf,
  findItem,
  findItemsByIds,
  findOwnedItem,
  type ItemRow,
  listOwnedItems,
  ownedItemsPage,
} from './items';
import { mediaUrl } from './media';
import { parseTraits, traitCountKey, withRarity } from './rarity';
import type { CollectiblesDb } from './tables';

/** Collectibles as the viewer shows them (docs/product.md §3), with live rarity counts and mint state. */
export async function collectibleViews(db: CollectiblesDb, rows: readonly ItemRow[]): Promise<Collectible[]> {
  if (rows.length === 0) return [];
  const collections = [...new Set(rows.map((r) => r.collection_id))];
  const counted = await Promise.all(collections.map((id) => countsOf(db, id)));
  const counts = new Map<string, number>();
  const totals = new Map<string, number>();
  collections.forEach((collectionId, index) => {
    const { total, traits } = counted[index] as CollectionCounts;
    totals.set(collectionId, total);
    for (const t of traits) counts.set(traitCountKey(collectionId, t.traitType, t.value), t.items);
  });
  return rows.map((row) =>
    toCollectible(
      row,
      withRarity(row.collection_id, parseTraits(row.attributes), counts, totals.get(row.collection_id) ?? 0),
    ),
  );
}

function toCollectible(row: ItemRow, attributes: Collectible['publicMetadata']['attributes']): Collectible {
  const image = mediaUrl(row.image);
  const view: Collectible = {
    sItemID: row.public_id,
    sCollectionID: row.collection_id,
    sTemplateID: row.template_id,
    publicMetadata: {
      name: row.name,
      description: row.description,
      image,
      image_url: image,
      animation_url: mediaUrl(row.animation_url),
      animation_url_mime_type: row.animation_url ? (row.animation_url_mime_type ?? '') : '',
      attributes,
    },
  };
  if (row.token_id !== null) view.blockchainTokenId = String(row.token_id);
  return view;
}

export async function collectiblesByIds(db: CollectiblesDb, ids: number[]): Promise<Map<number, Collectible>> {
  const rows = await findItemsByIds(db, ids);
  const views = await collectibleViews(db, rows);
  return new Map(views.map((view, index) => [Number(rows[index]?.id), view]));
}

/** Marks the member's items they have not opened yet (bNew), in one read. */
async function withNewMarks(
  db: CollectiblesDb,
  rows: readonly ItemRow[],
  views: Collectible[],
): Promise<Collectible[]> {
  if (rows.length === 0) return views;
  const ids = rows.map((r) => Number(r.id));
  const opened = new Set(
    (
      await readInPages(ids, (page) =>
        db.selectFrom('item_opened').select('item_id').where('item_id', 'in', page).execute(),
      )
    ).map((r) => Number(r.item_id)),
  );
  return views.map((view, index) => ({ ...view, bNew: !opened.has(ids[index] as number) }));
}

/** Records that the owner opened an item (idempotent: the first opening counts). */
export async function markItemOpened(db: CollectiblesDb, itemId: number, now: number): Promise<void> {
  await db
    .insertInto('item_opened')
    .values({ item_id: itemId, opened_at: now })
    .onConflict((oc) => oc.column('item_id').doNothing())
    .execute();
}

/** One of the member's own items; undefined for anyone else's, exactly as for a missing one. */
export async function ownedCollectible(
  db: CollectiblesDb,
  userId: string,
  itemId: string,
): Promise<Collectible | undefined> {
  return (await ownedItem(db, userId, itemId))?.view;
}

/** One of the member's own items with its internal id, for a capability that keeps a reference to it (a Howl). */
export async function ownedItem(
  db: CollectiblesDb,
  userId: string,
  publicId: string,
): Promise<{ id: number; view: Collectible } | undefined> {
  const row = await findOwnedItem(db, userId, publicId);
  const view = row && (await collectibleViews(db, [row]))[0];
  return row && view ? { id: Number(row.id), view } : undefined;
}

/**
 * Any item, for the public share page (/viewer): nothing about its owner is in the view. An erased
 * member's items keep their rows (rarity counts, raffle proofs) but their share pages are gone.
 */
export async function publicCollectible(db: CollectiblesDb, itemId: string): Promise<Collectible | undefined> {
  const row = await findItem(db, itemId);
  if (!row) return undefined;
  const owner = await db.selectFrom('item').select('owner_user_id').where('public_id', '=', itemId).executeTakeFirst();
  if (owner && (await isErased(db, owner.owner_user_id))) return undefined;
  return (await collectibleViews(db, [row]))[0];
}

function collectionInfo(row: CollectionRow): CollectionInfo {
  return { sCollectionID: row.id, sName: row.name, sDescription: row.description, iSort: Number(row.sort) };
}

export async function listCollections(db: CollectiblesDb): Promise<Array<CollectionInfo & { iTotal: number }>> {
  const rows = await listCollectionRows(db);
  const totals = await countItemsByCollection(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...collectionInfo(row), iTotal: totals.get(row.id) ?? 0 }));
}

/**
 * The member's items grouped by collection, in collection order, one page of each (its count is of
 * every page) or, without a page, all of them (the console's member view pages them itself);
 * collections they own nothing of are left out.
 */
export async function memberInventory(
  db: CollectiblesDb,
  userId: string,
  page?: { page: number; size: number },
): Promise<InventoryCollection[]> {
  const [collections, counts] = await Promise.all([listCollectionRows(db), countOwnedByCollection(db, userId)]);
  const offset = page ? (page.page - 1) * page.size : 0;
  const held = collections.filter((row) => (counts.get(row.id) ?? 0) > 0);
  return Promise.all(
    held.map(async (row) => {
      const items = page
        ? await ownedItemsPage(db, userId, row.id, { offset, limit: page.size })
        : await listOwnedItems(db, userId, row.id);
      const iCount = counts.get(row.id) ?? 0;
      const aItems = await withNewMarks(db, items, await collectibleViews(db, items));
      return { ...collectionInfo(row), iCount, aItems, bMore: offset + items.length < iCount };
    }),
  );
}

/** One collection's info with one page of the member's items of it (and their count); undefined for an unknown collection. */
export async function memberCollection(
  db: CollectiblesDb,
  userId: string,
  collectionId: string,
  page: { page: number; size: number },
): Promise<
  { collection: CollectionInfo & { iTotal: number }; items: Collectible[]; count: number; more: boolean } | undefined
> {
  const row = await findCollectionRow(db, collectionId);
  if (!row) return undefined;
  const offset = (page.page - 1) * page.size;
  const [rows, count, totals] = await Promise.all([
    ownedItemsPage(db, userId, collectionId, { offset, limit: page.size }),
    countOwnedOf(db, userId, collectionId),
    countItemsByCollection(db, [collectionId]),
  ]);
  const items = await withNewMarks(db, rows, await collectibleViews(db, rows));
  const collection = { ...collectionInfo(row), iTotal: totals.get(collectionId) ?? 0 };
  return { collection, items, count, more: offset + rows.length < count };
}

/** The art of each member's first item of a collection (chat shows their first Agent as their avatar). */
export async function firstItemImages(
  db: CollectiblesDb,
  userIds: readonly string[],
  collectionId: string,
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const firsts = await readInPages(userIds, (page) =>
    db
      .selectFrom('item')
      .select(['owner_user_id', (eb) => eb.fn.min<number>('id').as('first_id')])
      .where('collection_id', '=', collectionId)
      .where('owner_user_id', 'in', page)
      .groupBy('owner_user_id')
      .execute(),
  );
  const rows = await findItemsByIds(
    db,
    firsts.map((f) => Number(f.first_id)),
  );
  const imageById = new Map(rows.map((row) => [Number(row.id), mediaUrl(row.image)]));
  return new Map(firsts.map((f) => [f.owner_user_id, imageById.get(Number(f.first_id)) ?? '']));
}
