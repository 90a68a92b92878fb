import type { StoreDb } from './tables';

/** A member's completed purchases, newest first, paged (the operators' member page, issue 27). */
export async function memberPurchases(db: StoreDb, userId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('store_purchase')
    .leftJoin('store_item', 'store_item.id', 'store_purchase.item_id')
    .select([
      'store_purchase.id',
      'store_purchase.item_id',
      'store_item.name',
      'store_item.price',
      'store_purchase.quantity',
      'store_purchase.created_at',
    ])
    .where('store_purchase.user_id', '=', userId)
    .where('store_purchase.error_code', '=', 0)
    .orderBy('store_purchase.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    itemId: r.item_id,
    name: r.name ?? r.item_id,
    quantity: Number(r.quantity),
    unitPrice: r.price === null ? null : Number(r.price),
    at: Number(r.created_at),
  }));
}
