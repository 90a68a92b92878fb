import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { StoreDb } from './tables';

/** Completed purchases per bucket (refusals left out), on the index store_purchase_created. */
export function purchasesByBucket(db: StoreDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('store_purchase').where('error_code', '=', 0), 'created_at', w);
}
