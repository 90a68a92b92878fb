import type { StoreItemView } from '../../../protocol/store';
import { mediaUrl } from '../collectibles/index';
import type { StoreDb, StoreItemTable } from './tables';

/** The catalogue as members see it (docs/product.md §13): items on sale or coming, with what this member bought. */

export type StoreItemRow = StoreItemTable;

export function findStoreItem(db: StoreDb, id: string): Promise<StoreItemRow | undefined> {
  return db.selectFrom('store_item').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listStoreItems(db: StoreDb, options: { includeRetired?: boolean } = {}): Promise<StoreItemRow[]> {
  let query = db.selectFrom('store_item').selectAll().orderBy('sort').orderBy('id');
  if (!options.includeRetired) query = query.where('retired_at', 'is', null);
  return query.execute();
}

/** Items a member may see: not retired and not ended (coming ones show with their date). */
export async function memberCatalogue(db: StoreDb, userId: string, now: number): Promise<StoreItemView[]> {
  const [rows, holdings] = await Promise.all([
    db
      .selectFrom('store_item')
      .selectAll()
      .where('retired_at', 'is', null)
      .where((eb) => eb.or([eb('available_until', 'is', null), eb('available_until', '>', now)]))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db.selectFrom('store_holding').select(['item_id', 'bought']).where('user_id', '=', userId).execute(),
  ]);
  const bought = new Map(holdings.map((h) => [h.item_id, Number(h.bought)]));
  return rows.map((row) => storeItemView(row, bought.get(row.id) ?? 0));
}

export function storeItemView(row: StoreItemRow, bought: number): StoreItemView {
  return {
    sStoreItemID: row.id,
    sKind: row.kind,
    sName: row.name,
    sDescription: row.description,
    sImage: mediaUrl(row.image),
    iPrice: Number(row.price),
    iTickets: Number(row.tickets),
    sTemplateID: row.template_id,
    iStockLeft: row.stock === null ? null : Number(row.stock),
    iLimit: Number(row.member_limit),
    iBought: bought,
    iAvailableFrom: row.available_from === null ? null : Number(row.available_from),
    iAvailableUntil: row.available_until === null ? null : Number(row.available_until),
  };
}
