import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { StoreDb } from './tables';

/** Completed purchases per bucket (refusals left out), on the index store_purchase_created. */
export async function purchasesByBucket(db: StoreDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('store_purchase')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .where('error_code', '=', 0)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
