import type { Collectible, CollectionInfo, InventoryCollection } from '../../../protocol/rewards';
import { type CollectionRow, findCollectionRow, listCollectionRows } from './catalogRepo';
import type { DbOrTrx } from './db';
import {
  countItemsByCollection,
  countTraitPairs,
  findItem,
  findItemsByIds,
  findOwnedItem,
  type ItemRow,
  listOwnedItems,
  type TraitPair,
} from './itemRepo';
import { mediaUrl } from './media';
import { parseTraits, traitCountKey, traitValueKey, withRarity } from './rarity';

/** Collectibles as the viewer shows them (SPEC §3), with live rarity counts and mint state. */
export async function collectibleViews(db: DbOrTrx, rows: readonly ItemRow[]): Promise<Collectible[]> {
  if (rows.length === 0) return [];
  const traitsById = new Map(rows.map((row) => [row.id, parseTraits(row.attributes)]));
  const pairs = new Map<string, TraitPair>();
  for (const row of rows) {
    for (const trait of traitsById.get(row.id) ?? []) {
      const key = traitCountKey(row.collection_id, trait.trait_type, trait.value);
      pairs.set(key, {
        collectionId: row.collection_id,
        traitType: trait.trait_type,
        value: traitValueKey(trait.value),
      });
    }
  }
  const [counted, totals] = await Promise.all([
    countTraitPairs(db, [...pairs.values()]),
    countItemsByCollection(db, [...new Set(rows.map((r) => r.collection_id))]),
  ]);
  const counts = new Map(counted.map((c) => [traitCountKey(c.collectionId, c.traitType, c.value), c.count]));
  return rows.map((row) =>
    toCollectible(
      row,
      withRarity(row.collection_id, traitsById.get(row.id) ?? [], counts, totals.get(row.collection_id) ?? 0),
    ),
  );
}

function toCollectible(row: ItemRow, attributes: Collectible['publicMetadata']['attributes']): Collectible {
  const image = mediaUrl(row.image);
  const view: Collectible = {
    sItemID: String(row.id),
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
    iCreatedAt: Number(row.created_at),
  };
  if (row.token_id !== null) view.blockchainTokenId = String(row.token_id);
  return view;
}

export async function collectiblesByIds(db: DbOrTrx, ids: number[]): Promise<Map<number, Collectible>> {
  const views = await collectibleViews(db, await findItemsByIds(db, ids));
  return new Map(views.map((v) => [Number(v.sItemID), v]));
}

/** One of the member's own items; undefined for anyone else's, exactly as for a missing one. */
export async function ownedCollectible(db: DbOrTrx, userId: string, itemId: number): Promise<Collectible | undefined> {
  const row = await findOwnedItem(db, userId, itemId);
  return row ? (await collectibleViews(db, [row]))[0] : undefined;
}

/** Any item, for the public share page (/viewer): nothing about its owner is in the view. */
export async function publicCollectible(db: DbOrTrx, itemId: number): Promise<Collectible | undefined> {
  const row = await findItem(db, itemId);
  return row ? (await collectibleViews(db, [row]))[0] : undefined;
}

function collectionInfo(row: CollectionRow): CollectionInfo {
  return { sCollectionID: row.id, sName: row.name, sDescription: row.description, iSort: Number(row.sort) };
}

export async function listCollections(db: DbOrTrx): Promise<Array<CollectionInfo & { iTotal: number }>> {
  const rows = await listCollectionRows(db);
  const totals = await countItemsByCollection(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...collectionInfo(row), iTotal: totals.get(row.id) ?? 0 }));
}

/** The member's items grouped by collection, in collection order; collections they own nothing of are left out. */
export async function memberInventory(db: DbOrTrx, userId: string): Promise<InventoryCollection[]> {
  const [collections, items] = await Promise.all([listCollectionRows(db), listOwnedItems(db, userId)]);
  const views = await collectibleViews(db, items);
  return collections
    .map((row) => {
      const aItems = views.filter((v) => v.sCollectionID === row.id);
      return { ...collectionInfo(row), iCount: aItems.length, aItems };
    })
    .filter((c) => c.iCount > 0);
}

/** One collection's info with the member's items of it; undefined for an unknown collection. */
export async function memberCollection(
  db: DbOrTrx,
  userId: string,
  collectionId: string,
): Promise<{ collection: CollectionInfo & { iTotal: number }; items: Collectible[] } | undefined> {
  const row = await findCollectionRow(db, collectionId);
  if (!row) return undefined;
  const [items, totals] = await Promise.all([
    listOwnedItems(db, userId, collectionId).then((rows) => collectibleViews(db, rows)),
    countItemsByCollection(db, [collectionId]),
  ]);
  return { collection: { ...collectionInfo(row), iTotal: totals.get(collectionId) ?? 0 }, items };
}
